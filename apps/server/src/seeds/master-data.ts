/**
 * The trade's vocabularies, seeded as masters on first start (domain reference, "Stock vocabularies").
 * Each main master lists its values in order; the order becomes `sequence`. Aliases are the spellings
 * stock files use for a value, matched on import.
 */
export interface MasterValue {
  name: string;
  aliases?: readonly string[];
}

export interface MainMaster {
  code: string;
  name: string;
  values: readonly (string | MasterValue)[];
}

const GRADES: readonly MasterValue[] = [
  { name: 'Ideal', aliases: ['I', 'ID'] },
  { name: 'Excellent', aliases: ['EX', 'X'] },
  { name: 'Very Good', aliases: ['VG'] },
  { name: 'Good', aliases: ['G', 'GD'] },
  { name: 'Fair', aliases: ['F', 'FR'] },
  { name: 'Poor', aliases: ['P', 'PR'] },
];

const COLORS = Array.from({ length: 23 }, (_, index) => String.fromCharCode('D'.charCodeAt(0) + index));

export const MAIN_MASTERS: readonly MainMaster[] = [
  {
    code: 'SHAPE',
    name: 'Shape',
    values: [
      { name: 'Round', aliases: ['B', 'BR', 'RB', 'RD', 'RBC', 'RND'] },
      { name: 'Princess', aliases: ['PR', 'PRN', 'PRIN', 'PN', 'PC'] },
      { name: 'Pear', aliases: ['P', 'PS', 'PSH', 'PB', 'PMB'] },
      { name: 'Oval', aliases: ['O', 'OV', 'OMB'] },
      { name: 'Marquise', aliases: ['M', 'MQ', 'MQB'] },
      { name: 'Emerald', aliases: ['E', 'EM', 'EC'] },
      { name: 'Cushion', aliases: ['C', 'CU', 'CUS', 'CB', 'CMB', 'CUSH'] },
      { name: 'Heart', aliases: ['H', 'HS', 'HT'] },
      { name: 'Radiant', aliases: ['R', 'RA', 'RAD', 'RC', 'RDN', 'CRB'] },
      { name: 'Asscher', aliases: ['A', 'AC', 'CSS', 'CSSC'] },
      'Square Emerald',
      'Baguette',
      'Tapered Baguette',
      'Trilliant',
      'Briolette',
      'Old Miner',
      'European',
      'Half Moon',
      'Kite',
      'Shield',
      'Bullet',
      'Other',
    ],
  },
  { code: 'COLOR', name: 'Color', values: COLORS },
  {
    code: 'FANCY_COLOR',
    name: 'Fancy color',
    values: [
      'Yellow',
      'Pink',
      'Blue',
      'Green',
      'Brown',
      'Orange',
      'Purple',
      'Gray',
      'Black',
      'Red',
      'Violet',
      'Champagne',
      'Cognac',
      'Chameleon',
      'White',
    ],
  },
  {
    code: 'INTENSITY',
    name: 'Fancy color intensity',
    values: [
      'Faint',
      'Very Light',
      'Light',
      'Fancy Light',
      'Fancy',
      'Fancy Intense',
      'Fancy Vivid',
      'Fancy Deep',
      'Fancy Dark',
    ],
  },
  {
    code: 'OVERTONE',
    name: 'Fancy color overtone',
    values: [
      'None',
      'Brownish',
      'Greenish',
      'Yellowish',
      'Pinkish',
      'Purplish',
      'Grayish',
      'Orangy',
      'Reddish',
      'Bluish',
    ],
  },
  {
    code: 'CLARITY',
    name: 'Clarity',
    values: ['FL', 'IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2', 'SI3', 'I1', 'I2', 'I3'],
  },
  { code: 'CUT', name: 'Cut', values: GRADES },
  { code: 'POLISH', name: 'Polish', values: GRADES },
  { code: 'SYMMETRY', name: 'Symmetry', values: GRADES },
  {
    code: 'FLUORESCENCE',
    name: 'Fluorescence',
    values: [
      { name: 'None', aliases: ['N', 'NON'] },
      { name: 'Faint', aliases: ['F', 'FNT'] },
      { name: 'Medium', aliases: ['M', 'MED'] },
      { name: 'Strong', aliases: ['S', 'STG'] },
      { name: 'Very Strong', aliases: ['VS', 'VST'] },
    ],
  },
  {
    code: 'FLUORESCENCE_COLOR',
    name: 'Fluorescence color',
    values: ['Blue', 'Yellow', 'White', 'Orange', 'Green'],
  },
  { code: 'LAB', name: 'Lab', values: ['GIA', 'IGI', 'HRD', 'AGS', 'GCAL', 'PGS', 'NONE'] },
  // The remaining stone masters: the reference names them without values; these are the usual grades.
  { code: 'SHADE', name: 'Shade', values: ['None', 'Brown', 'Green', 'Grey', 'Mix Tinge', 'Faint Brown'] },
  { code: 'MILKEY', name: 'Milky', values: ['None', 'Light', 'Medium', 'Heavy'] },
  { code: 'EYECLEAN', name: 'Eye clean', values: ['Yes', 'No'] },
  { code: 'H_AND_A', name: 'Hearts and arrows', values: ['Yes', 'No'] },
  {
    code: 'ORIGIN',
    name: 'Rough origin',
    values: ['Botswana', 'Russia', 'Canada', 'South Africa', 'Namibia', 'Angola', 'Other'],
  },
  {
    code: 'LOCATION',
    name: 'Location',
    values: ['Mumbai', 'Surat', 'Antwerp', 'Hong Kong', 'New York', 'Dubai'],
  },
  {
    code: 'GIRDLE',
    name: 'Girdle',
    values: [
      'Extremely Thin',
      'Very Thin',
      'Thin',
      'Medium',
      'Slightly Thick',
      'Thick',
      'Very Thick',
      'Extremely Thick',
    ],
  },
  { code: 'GIRDLE_COND', name: 'Girdle condition', values: ['Faceted', 'Polished', 'Bruted'] },
  {
    code: 'CULET',
    name: 'Culet',
    values: ['None', 'Very Small', 'Small', 'Medium', 'Slightly Large', 'Large'],
  },
  { code: 'CULET_COND', name: 'Culet condition', values: ['Pointed', 'Abraded', 'Chipped'] },
  {
    code: 'KEY_TO_SYMBOLS',
    name: 'Key to symbols',
    values: [
      'Crystal',
      'Feather',
      'Cloud',
      'Needle',
      'Pinpoint',
      'Indented Natural',
      'Natural',
      'Twinning Wisp',
      'Cavity',
      'Chip',
      'Knot',
      'Internal Graining',
    ],
  },
  {
    code: 'BLACK_INCLUSION_TABLE',
    name: 'Black inclusion table',
    values: ['None', 'BT0', 'BT1', 'BT2', 'BT3'],
  },
  { code: 'BLACK_INCLUSION_SIDE', name: 'Black inclusion side', values: [] },
  {
    code: 'BLACK_INCLUSION_CROWN',
    name: 'Black inclusion crown',
    values: ['None', 'BC0', 'BC1', 'BC2', 'BC3'],
  },
  { code: 'WHITE_INCLUSION_TABLE', name: 'White inclusion table', values: [] },
  { code: 'WHITE_INCLUSION_SIDE', name: 'White inclusion side', values: [] },
  { code: 'WHITE_INCLUSION_CROWN', name: 'White inclusion crown', values: [] },
  { code: 'OPEN_INCLUSION_TABLE', name: 'Open inclusion table', values: [] },
  { code: 'OPEN_INCLUSION_CROWN', name: 'Open inclusion crown', values: [] },
  { code: 'OPEN_INCLUSION_PAVILION', name: 'Open inclusion pavilion', values: [] },
  { code: 'OPEN_INCLUSION_GIRDLE', name: 'Open inclusion girdle', values: [] },
  // Customer and billing masters: their values are the business's own, entered in the panel.
  { code: 'DAY_TERM', name: 'Day term', values: [] },
  { code: 'BUSINESS_TYPE', name: 'Business type', values: [] },
  { code: 'NATURE_OF_ORG', name: 'Nature of organisation', values: [] },
  { code: 'COMPANY_SIZE', name: 'Company size', values: [] },
  { code: 'DOC_TYPE_PERSONAL', name: 'Personal document type', values: [] },
  { code: 'DOC_TYPE_BUSINESS', name: 'Business document type', values: [] },
  { code: 'BILL_TYPE', name: 'Bill type', values: [] },
];

/** The standard carat brackets, smallest first. */
export const CARAT_BRACKETS: readonly (readonly [number, number])[] = [
  [0.01, 0.03],
  [0.04, 0.07],
  [0.08, 0.14],
  [0.15, 0.17],
  [0.18, 0.22],
  [0.23, 0.29],
  [0.3, 0.39],
  [0.4, 0.49],
  [0.5, 0.69],
  [0.7, 0.89],
  [0.9, 0.99],
  [1, 1.49],
  [1.5, 1.99],
  [2, 2.99],
  [3, 3.99],
  [4, 4.99],
  [5, 5.99],
  [10, 10.99],
];

export const DAY_TERMS: readonly { name: string; code: string; days: number }[] = [
  { name: 'Cash', code: 'CASH', days: 0 },
  { name: '7 days', code: 'D7', days: 7 },
  { name: '15 days', code: 'D15', days: 15 },
  { name: '30 days', code: 'D30', days: 30 },
  { name: '60 days', code: 'D60', days: 60 },
  { name: '90 days', code: 'D90', days: 90 },
];
