/**
 * A stone's fields as the detail drawer groups them (domain reference, "A stone"). Media are shown as
 * media, not as text, and are listed apart.
 */
export interface StoneFieldGroup {
  title: string;
  keys: readonly string[];
}

export const STONE_FIELD_GROUPS: readonly StoneFieldGroup[] = [
  {
    title: 'Identity',
    keys: ['stockNumber', 'certificateNumber', 'labId', 'reportDate', 'status', 'externalId', 'isActive'],
  },
  {
    title: 'Grading',
    keys: [
      'shapeId',
      'carat',
      'colorId',
      'fancyColor',
      'fancyColorIntensity',
      'fancyColorOvertone',
      'clarityId',
      'cutId',
      'polishId',
      'symmetryId',
      'fluorescenceId',
      'fluorescenceColorId',
      'colorShadeId',
      'milkeyId',
      'eyeCleanId',
      'hAndAId',
    ],
  },
  {
    title: 'Proportions',
    keys: [
      'length',
      'width',
      'depth',
      'diameterMin',
      'diameterMax',
      'ratio',
      'totalDepth',
      'tablePer',
      'crownHeight',
      'cAngle',
      'pavilionDepth',
      'pAngle',
      'starLength',
      'lowerHalf',
      'girdlePer',
      'girdleThinId',
      'girdleThickId',
      'girdleConditionId',
      'culetId',
      'culetConditionId',
    ],
  },
  {
    title: 'Inclusions',
    keys: [
      'keyToSymbol',
      'labComment',
      'laserInscription',
      'blackInclusionTableId',
      'blackInclusionSideId',
      'blackInclusionCrownId',
      'whiteInclusionTableId',
      'whiteInclusionSideId',
      'whiteInclusionCrownId',
      'openInclusionTableId',
      'openInclusionCrownId',
      'openInclusionPavilionId',
      'openInclusionGirdleId',
    ],
  },
  {
    title: 'Origin and location',
    keys: [
      'roughOriginId',
      'mine',
      'treatment',
      'isTypeIIa',
      'isCanadaMark',
      'locationId',
      'marketingIssueDate',
      'pairStockNumber',
      'showIdName',
      'showSrNo',
    ],
  },
  { title: 'Price', keys: ['rapPrice', 'marketingBack', 'marketingPricePerCarat', 'amount'] },
];

/** Links and players rather than text. */
export const STONE_MEDIA_KEYS = [
  'imageUrl',
  'videoUrl',
  'certificateUrl',
  'heartsImageUrl',
  'arrowsImageUrl',
] as const;

/** A media URL worth a link: http(s) or a path on this server (an upload); anything else is shown as text. */
export function safeMediaUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const url = value.trim();
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\//i.test(url) ? url : null;
}
