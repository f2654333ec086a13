/**
 * The columns a stock file may carry (domain reference, "Stock upload formats"): every header of the
 * RapNet-style and Nivoda-style files with the spellings the trade uses for it. A header matches when
 * it equals an alias once both are normalised (`normaliseHeader`): case, spaces, punctuation, `#`, `%`
 * and `/` are ignored, so `Stock #`, `stock_no` and `STOCK NO.` are one header.
 *
 * A column's target is a stone field key, or one of the import columns below that the server turns
 * into fields (a measurement string, an availability code, a price total, inclusions by position).
 */
export const IMPORT_COLUMNS = [
  /** `4.42x4.44x2.58` → length, width, depth. */
  'measurements',
  /** RapNet availability (G, M, STPS, NA) or a stock status → status and visibility. */
  'availability',
  /** The stone's total price → price per carat = total / carat. */
  'totalPrice',
  /** BT0–BT3 (table) or BC0–BC3 (crown). */
  'blackInclusion',
  /** WT/WC/WS by position, or a value of the table master. */
  'whiteInclusion',
  /** OT/OC/OP/OG by position, or a value of the table master. */
  'openInclusion',
  /** Recognised, but not kept on a stone (a lot's country and state: the location is the city). */
  'notStored',
] as const;

export interface StockColumn {
  /** A stone field key or one of IMPORT_COLUMNS. */
  target: string;
  /** The header as the panel names it in the mapping and the report. */
  label: string;
  /** Header spellings, written as files write them; matched normalised. */
  aliases: readonly string[];
}

const column = (target: string, label: string, ...aliases: string[]): StockColumn => ({
  target,
  label,
  aliases: [label, ...aliases],
});

export const STOCK_COLUMNS: readonly StockColumn[] = [
  column(
    'stockNumber',
    'Stock #',
    'Stock No',
    'Stock Number',
    'Stock Num',
    'Stock_no',
    'Stock Id',
    'Stock Ref',
    'Reference',
    'Reference Num',
    'Reference Number',
    'Ref No',
    'Vendor Stock Number',
    'Vender Stock Number',
    'Packet No',
    'Packet',
    'Lot #',
    'Lot No',
    'Stone Id',
    'Stone No',
    'SKU',
  ),
  column('availability', 'Availability', 'Avail', 'Available', 'Status', 'Stock Status'),
  column('shapeId', 'Shape', 'Shp', 'Shape Name'),
  column(
    'carat',
    'Weight',
    'Carat',
    'Carats',
    'Size',
    'Carat Weight',
    'Carat Size',
    'Carat Wt',
    'Ct',
    'Cts',
    'Ct Size',
    'Ct Weight',
    'Crt',
    'Sz',
    'Wt',
  ),
  column('colorId', 'Color', 'Colour', 'Col', 'Colr'),
  column('clarityId', 'Clarity', 'Clar', 'Clearity', 'Purity'),
  column('cutId', 'Cut Grade', 'Cut', 'Cut Grd'),
  column('polishId', 'Polish', 'Pol', 'Finish'),
  column('symmetryId', 'Symmetry', 'Sym', 'Symm', 'Symetry', 'Sym-metry'),
  column(
    'fluorescenceId',
    'Fluorescence Intensity',
    'Fluorescence',
    'Fluorescence Intens',
    'Fluor',
    'Fluor Intensity',
    'Fluo',
    'Fluo Intensity',
    'Flr',
    'Flr Intensity',
    'FL',
    'FL Intensity',
    'Fls',
    'Flour',
  ),
  column(
    'fluorescenceColorId',
    'Fluorescence Color',
    'Fluorescence Colour',
    'Fluor Color',
    'Fluo Color',
    'Flr Color',
    'FL Color',
  ),
  column('measurements', 'Measurements', 'Measurement', 'Meas', 'Measure', 'Dimensions', 'MM'),
  column('length', 'MeasLength', 'Meas Length', 'Length', 'Length (mm)', 'Len'),
  column('width', 'MeasWidth', 'Meas Width', 'Width', 'Width (mm)'),
  column('depth', 'MeasDepth', 'Meas Depth', 'Depth (mm)', 'Height', 'Height (mm)'),
  column('ratio', 'Ratio', 'L/W Ratio', 'LW Ratio', 'L/W'),
  column(
    'labId',
    'Lab',
    'Lab Name',
    'Certificate Lab',
    'Cert Lab',
    'Grading Lab',
    'Laboratory',
    'Report Lab',
  ),
  column(
    'certificateNumber',
    'Report #',
    'Certificate #',
    'Report No',
    'Report Num',
    'Report Number',
    'Lab Report #',
    'Certificate No',
    'Certificate Num',
    'Certificate Number',
    'Certificate Id',
    'Cert #',
    'Cert No',
    'Cert Num',
    'Cert Id',
  ),
  column('treatment', 'Treatment', 'Treatments'),
  column(
    'marketingPricePerCarat',
    'RapNet Price',
    'Price',
    'Price Per Carat',
    'Price/Ct',
    'Per Carat Price',
    'PPC',
    'Asking Price',
    'Asking Price Per Carat',
    'Rate',
    'Net Rate',
  ),
  column(
    'marketingBack',
    'RapNet Discount %',
    'RapNet Discount',
    'RapNet Discount Percent',
    'Discount %',
    'Discount',
    'Discount Percent',
    'Disc',
    'Disc %',
    'Rap Discount',
    'Rap Disc',
    'Back',
    'Back %',
    'Rap Back',
  ),
  column(
    'rapPrice',
    'Rap Price',
    'Rapaport Price',
    'Rapaport',
    'Rap',
    'Rap Rate',
    'Rap List',
    'Rap List Price',
    'List Price',
  ),
  column(
    'totalPrice',
    'Final Price',
    'Total Price',
    'Total',
    'Total Amount',
    'Amount',
    'Total Value',
    'Value',
    'Net Value',
  ),
  column('fancyColor', 'Fancy Color', 'Fancy Colour', 'FC', 'Fancy Color Dominant Color'),
  column('fancyColorIntensity', 'Fancy Color Intensity', 'Fancy Intensity', 'Intensity', 'FC Intensity'),
  column('fancyColorOvertone', 'Fancy Color Overtone', 'Fancy Overtone', 'Overtone', 'FC Overtone'),
  column(
    'totalDepth',
    'Depth %',
    'Depth',
    'Depth Percent',
    'Depth Per',
    'Depth Pct',
    'Total Depth',
    'Total Depth %',
    'TD',
  ),
  column('tablePer', 'Table %', 'Table', 'Table Percent', 'Table Per', 'Table Pct', 'Tbl'),
  column('girdleThinId', 'Girdle Thin', 'Girdle Min'),
  column('girdleThickId', 'Girdle Thick', 'Girdle Max'),
  column('girdlePer', 'Girdle %', 'Girdle Percent', 'Girdle Per', 'Girdle Pct'),
  column('girdleConditionId', 'Girdle Condition', 'Girdle Cond'),
  column('culetId', 'Culet Size', 'Culet'),
  column('culetConditionId', 'Culet Condition', 'Culet Cond'),
  column('crownHeight', 'Crown Height', 'Crown Height %', 'Crown Ht', 'CH'),
  column('cAngle', 'Crown Angle', 'Crown Ang', 'CA'),
  column('pavilionDepth', 'Pavilion Depth', 'Pavilion Depth %', 'Pavilion Height', 'Pav Depth', 'PD'),
  column('pAngle', 'Pavilion Angle', 'Pav Angle', 'PA'),
  column('starLength', 'Star Length', 'Star Length %', 'Star'),
  column('lowerHalf', 'Lower Half', 'Lower Half %', 'LH'),
  column('laserInscription', 'Laser Inscription', 'Inscription', 'Laser Inscribed'),
  column(
    'labComment',
    'Cert comment',
    'Cert Comments',
    'Certificate Comment',
    'Lab Comment',
    'Report Comment',
  ),
  column('locationId', 'Location', 'City', 'Stone Location', 'Lot Location'),
  column('notStored', 'Country', 'State'),
  column('pairStockNumber', 'Pair Stock #', 'Pair Stock No', 'Pair Stock Number', 'Pair Stock', 'Pair'),
  column(
    'certificateUrl',
    'Report/Certificate Filename',
    'Certificate Filename',
    'Certificate File',
    'Cert File',
    'Cert Filename',
    'Report Filename',
    'CertificatePdf',
    'Certificate PDF',
    'Cert PDF',
    'Certificate Link',
    'Certificate URL',
    'Cert URL',
    'Report Link',
    'Report URL',
  ),
  column(
    'imageUrl',
    'Diamond Image',
    'Image',
    'Image URL',
    'Image Link',
    'Image File',
    'Diamond Image URL',
    'Photo',
    'Picture',
  ),
  column('videoUrl', 'Video', 'Video URL', 'Video Link', 'Video File', 'Diamond Video'),
  column('heartsImageUrl', 'Hearts Image', 'Hearts Image URL'),
  column('arrowsImageUrl', 'Arrows Image', 'Arrows Image URL'),
  column('keyToSymbol', 'Key to symbols', 'Key to symbol', 'Key Symbols', 'KTS'),
  column('colorShadeId', 'Shade', 'Color Shade', 'Colour Shade', 'Tinge'),
  column('milkeyId', 'Milky', 'Milkey', 'Milkiness'),
  column('blackInclusion', 'Black Inclusion', 'Black Inclusions', 'Black Inc', 'Black'),
  column('whiteInclusion', 'White Inclusion', 'White Inclusions', 'White Inc', 'White'),
  column('openInclusion', 'Open Inclusion', 'Open Inclusions', 'Open Inc', 'Open'),
  column(
    'reportDate',
    'Report Issue Date',
    'Report Date',
    'Report Issued',
    'Certificate Date',
    'Cert Date',
    'Issue Date',
    'Lab Date',
  ),
  column('eyeCleanId', 'Eye Clean', 'EyeClean'),
  column('hAndAId', 'Hearts and Arrows', 'Hearts & Arrows', 'H&A', 'HA'),
  column('roughOriginId', 'Rough Origin', 'Origin', 'Country of Origin', 'Mine of Origin'),
  column('mine', 'Mine', 'Mine Name'),
  column('isTypeIIa', 'Type IIa', 'Type 2a', 'Type IIA Diamond'),
  column('isCanadaMark', 'CanadaMark', 'Canada Mark'),
  column('marketingIssueDate', 'Arrival Date', 'New Arrival Date', 'Arrival', 'Inward Date', 'Stock Date'),
];

/** `Stock #` → `stock`, `Depth %` → `depth`, `Report/Certificate Filename` → `reportcertificatefilename`. */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const COLUMN_BY_ALIAS: ReadonlyMap<string, StockColumn> = new Map(
  STOCK_COLUMNS.flatMap((entry) => entry.aliases.map((alias) => [normaliseHeader(alias), entry] as const)),
);

/** The column a header names, or undefined for a header the upload does not know (it is ignored). */
export function matchStockColumn(header: string): StockColumn | undefined {
  const key = normaliseHeader(header);
  return key === '' ? undefined : COLUMN_BY_ALIAS.get(key);
}
