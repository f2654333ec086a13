import { describe, expect, it } from 'vitest';
import { stoneResource } from '../stock/stone.ts';
import { IMPORT_COLUMNS, matchStockColumn, normaliseHeader, STOCK_COLUMNS } from './upload-columns.ts';

const targetOf = (header: string) => matchStockColumn(header)?.target;

describe('stock file headers', () => {
  it('normalises case, spaces, punctuation and #', () => {
    expect(normaliseHeader(' Stock # ')).toBe('stock');
    expect(normaliseHeader('RapNet Discount %')).toBe('rapnetdiscount');
    expect(normaliseHeader('Report/Certificate Filename')).toBe('reportcertificatefilename');
    expect(normaliseHeader('STOCK_NO.')).toBe('stockno');
  });

  it('reads every RapNet-style header of the domain reference', () => {
    const rapnet: Record<string, string> = {
      'Stock #': 'stockNumber',
      Availability: 'availability',
      Shape: 'shapeId',
      Weight: 'carat',
      Carat: 'carat',
      Size: 'carat',
      Color: 'colorId',
      Clarity: 'clarityId',
      'Cut Grade': 'cutId',
      Polish: 'polishId',
      Symmetry: 'symmetryId',
      'Fluorescence Intensity': 'fluorescenceId',
      'Fluorescence Color': 'fluorescenceColorId',
      Measurements: 'measurements',
      MeasLength: 'length',
      MeasWidth: 'width',
      MeasDepth: 'depth',
      Lab: 'labId',
      'Report #': 'certificateNumber',
      'Certificate #': 'certificateNumber',
      Treatment: 'treatment',
      'RapNet Price': 'marketingPricePerCarat',
      'RapNet Discount %': 'marketingBack',
      'Fancy Color': 'fancyColor',
      'Fancy Color Intensity': 'fancyColorIntensity',
      'Fancy Color Overtone': 'fancyColorOvertone',
      'Depth %': 'totalDepth',
      'Table %': 'tablePer',
      'Girdle Thin': 'girdleThinId',
      'Girdle Thick': 'girdleThickId',
      'Girdle %': 'girdlePer',
      'Girdle Condition': 'girdleConditionId',
      'Culet Size': 'culetId',
      'Culet Condition': 'culetConditionId',
      'Crown Height': 'crownHeight',
      'Crown Angle': 'cAngle',
      'Pavilion Depth': 'pavilionDepth',
      'Pavilion Angle': 'pAngle',
      'Laser Inscription': 'laserInscription',
      'Cert comment': 'labComment',
      Country: 'notStored',
      State: 'notStored',
      City: 'locationId',
      'Pair Stock #': 'pairStockNumber',
      'Report/Certificate Filename': 'certificateUrl',
      'Diamond Image': 'imageUrl',
      'Key to symbols': 'keyToSymbol',
      Shade: 'colorShadeId',
      Milky: 'milkeyId',
      'Black Inclusion': 'blackInclusion',
      'Open Inclusion': 'openInclusion',
      'Report Issue Date': 'reportDate',
      'Eye Clean': 'eyeCleanId',
    };
    for (const [header, target] of Object.entries(rapnet)) expect(targetOf(header), header).toBe(target);
  });

  it('reads every Nivoda-style header of the domain reference', () => {
    const nivoda: Record<string, string> = {
      'Stock #': 'stockNumber',
      Shape: 'shapeId',
      Size: 'carat',
      Cut: 'cutId',
      Color: 'colorId',
      Clarity: 'clarityId',
      Polish: 'polishId',
      Symmetry: 'symmetryId',
      'Fluorescence Intensity': 'fluorescenceId',
      Measurements: 'measurements',
      'Depth %': 'totalDepth',
      'Table %': 'tablePer',
      Lab: 'labId',
      'Certificate #': 'certificateNumber',
      Location: 'locationId',
      'Final Price': 'totalPrice',
      Availability: 'availability',
      Image: 'imageUrl',
      Video: 'videoUrl',
      CertificatePdf: 'certificateUrl',
    };
    for (const [header, target] of Object.entries(nivoda)) expect(targetOf(header), header).toBe(target);
  });

  it('matches the usual odd spellings, whatever their case and punctuation', () => {
    expect(targetOf('STOCK_NO')).toBe('stockNumber');
    expect(targetOf('stock no.')).toBe('stockNumber');
    expect(targetOf('VenderStockNumber')).toBe('stockNumber');
    expect(targetOf('CARAT WEIGHT')).toBe('carat');
    expect(targetOf('colour')).toBe('colorId');
    expect(targetOf('Fluor.')).toBe('fluorescenceId');
    expect(targetOf('Cert No')).toBe('certificateNumber');
    expect(targetOf('price/ct')).toBe('marketingPricePerCarat');
    expect(targetOf('Disc%')).toBe('marketingBack');
    expect(targetOf('rap price')).toBe('rapPrice');
    expect(targetOf('Total Price')).toBe('totalPrice');
  });

  it('ignores headers it does not know', () => {
    expect(matchStockColumn('Member Comment')).toBeUndefined();
    expect(matchStockColumn('Cash Price')).toBeUndefined();
    expect(matchStockColumn('')).toBeUndefined();
    expect(matchStockColumn(' # ')).toBeUndefined();
  });

  it('gives every alias one column, and every column a stone field or an import column', () => {
    const seen = new Map<string, string>();
    for (const entry of STOCK_COLUMNS) {
      expect(
        entry.target in stoneResource.fields || (IMPORT_COLUMNS as readonly string[]).includes(entry.target),
        entry.target,
      ).toBe(true);
      for (const alias of entry.aliases) {
        const key = normaliseHeader(alias);
        const owner = seen.get(key);
        expect(
          owner === undefined || owner === entry.target,
          `${alias} of ${entry.target} and ${owner}`,
        ).toBe(true);
        seen.set(key, entry.target);
      }
    }
  });
});
