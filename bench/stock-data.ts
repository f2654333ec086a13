/**
 * The benchmark's stock: one INSERT ... SELECT over generate_series, seeded (setseed) so that every run
 * builds the same stones. Distributions follow a polished-diamond inventory: mostly rounds, carats
 * log-normal around 0.6 ct, colours D–M with G/H the most common, clarities VS/SI dominant, Rap
 * discounts −20 … −60 %, a few fancy colours and N–Z stones priced in $/ct only.
 */

type Weights = readonly (readonly [string, number])[];

/** `case when u < c1 then 'a' when u < c2 then 'b' ... end` over the cumulative weights. */
function weighted(u: string, weights: Weights): string {
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  let cumulative = 0;
  const arms = weights.slice(0, -1).map(([value, weight]) => {
    cumulative += weight / total;
    return `when ${u} < ${cumulative.toFixed(6)} then '${value}'`;
  });
  return `(case ${arms.join(' ')} else '${weights[weights.length - 1]?.[0]}' end)`;
}

const SHAPES: Weights = [
  ['Round', 55],
  ['Oval', 9],
  ['Pear', 7],
  ['Princess', 6],
  ['Cushion', 6],
  ['Emerald', 5],
  ['Radiant', 4],
  ['Marquise', 3],
  ['Heart', 2.5],
  ['Asscher', 2.5],
];
/** Length over width by shape: the lower bound and the spread. */
const RATIOS: Record<string, [number, number]> = {
  Round: [1, 0.015],
  Oval: [1.3, 0.2],
  Pear: [1.45, 0.3],
  Princess: [1, 0.05],
  Cushion: [1, 0.2],
  Emerald: [1.3, 0.2],
  Radiant: [1, 0.35],
  Marquise: [1.85, 0.3],
  Heart: [0.9, 0.2],
  Asscher: [1, 0.05],
};
const COLORS = ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P'];
const COLOR_WEIGHTS: Weights = COLORS.map((color, index) => [
  color,
  [6, 9, 12, 15, 15, 12, 10, 8, 5, 4, 1.5, 1, 0.5][index] as number,
]);
const CLARITIES = ['FL', 'IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2', 'I1', 'I2'];
const CLARITY_WEIGHTS: Weights = CLARITIES.map((clarity, index) => [
  clarity,
  [0.5, 3, 7, 10, 17, 20, 20, 14, 6, 2.5][index] as number,
]);
const GRADES: Weights = [
  ['Excellent', 58],
  ['Very Good', 30],
  ['Good', 10],
  ['Fair', 2],
];

/** Field → master code and weighted value names, for the plain master-valued columns. */
const PLAIN_MASTERS: Record<string, [string, Weights]> = {
  lab_id: [
    'LAB',
    [
      ['GIA', 75],
      ['IGI', 14],
      ['HRD', 7],
      ['AGS', 2],
      ['NONE', 2],
    ],
  ],
  polish_id: ['POLISH', GRADES],
  symmetry_id: ['SYMMETRY', GRADES],
  fluorescence_id: [
    'FLUORESCENCE',
    [
      ['None', 60],
      ['Faint', 18],
      ['Medium', 12],
      ['Strong', 8],
      ['Very Strong', 2],
    ],
  ],
  color_shade_id: [
    'SHADE',
    [
      ['None', 80],
      ['Brown', 7],
      ['Faint Brown', 6],
      ['Green', 3],
      ['Grey', 2],
      ['Mix Tinge', 2],
    ],
  ],
  milkey_id: [
    'MILKEY',
    [
      ['None', 85],
      ['Light', 10],
      ['Medium', 4],
      ['Heavy', 1],
    ],
  ],
  eye_clean_id: [
    'EYECLEAN',
    [
      ['Yes', 85],
      ['No', 15],
    ],
  ],
  h_and_a_id: [
    'H_AND_A',
    [
      ['No', 88],
      ['Yes', 12],
    ],
  ],
  rough_origin_id: [
    'ORIGIN',
    [
      ['Botswana', 30],
      ['Russia', 25],
      ['Canada', 12],
      ['South Africa', 12],
      ['Namibia', 8],
      ['Angola', 6],
      ['Other', 7],
    ],
  ],
  location_id: [
    'LOCATION',
    [
      ['Mumbai', 40],
      ['Surat', 10],
      ['Antwerp', 15],
      ['Hong Kong', 15],
      ['New York', 12],
      ['Dubai', 8],
    ],
  ],
  girdle_thin_id: [
    'GIRDLE',
    [
      ['Thin', 40],
      ['Medium', 50],
      ['Very Thin', 10],
    ],
  ],
  girdle_thick_id: [
    'GIRDLE',
    [
      ['Medium', 45],
      ['Slightly Thick', 45],
      ['Thick', 10],
    ],
  ],
  girdle_condition_id: [
    'GIRDLE_COND',
    [
      ['Faceted', 70],
      ['Polished', 20],
      ['Bruted', 10],
    ],
  ],
  culet_id: [
    'CULET',
    [
      ['None', 90],
      ['Very Small', 7],
      ['Small', 3],
    ],
  ],
  black_inclusion_table_id: [
    'BLACK_INCLUSION_TABLE',
    [
      ['None', 70],
      ['BT1', 20],
      ['BT2', 8],
      ['BT3', 2],
    ],
  ],
  black_inclusion_crown_id: [
    'BLACK_INCLUSION_CROWN',
    [
      ['None', 75],
      ['BC1', 17],
      ['BC2', 6],
      ['BC3', 2],
    ],
  ],
};

const SYMBOLS: Weights = [
  ['Crystal', 0.45],
  ['Feather', 0.4],
  ['Cloud', 0.25],
  ['Needle', 0.2],
  ['Pinpoint', 0.3],
  ['Natural', 0.05],
  ['Indented Natural', 0.04],
  ['Twinning Wisp', 0.06],
  ['Cavity', 0.03],
  ['Chip', 0.03],
  ['Knot', 0.02],
  ['Internal Graining', 0.05],
];

const STATUSES: Weights = [
  ['A', 88],
  ['M', 4],
  ['H', 3],
  ['U', 2],
  ['O', 1],
  ['S', 1],
  ['B', 1],
];

/** Rap list price ($/ct) of a D-IF stone by carat bracket, scaled down by colour and clarity below. */
const RAP_BY_CARAT: readonly (readonly [number, number])[] = [
  [0.3, 2200],
  [0.4, 3400],
  [0.5, 4300],
  [0.7, 6800],
  [0.9, 9800],
  [1, 13500],
  [1.5, 22000],
  [2, 33000],
  [3, 52000],
  [4, 80000],
  [5, 95000],
];

/** Randoms r50 … r65 grade the plain master columns, one each. */
const PLAIN_FIRST_RANDOM = 50;

/** The day New Arrivals count back from, fixed so that the stock is the same every day. */
export const STOCK_ANCHOR_DATE = '2025-06-30';

/**
 * Statements that fill `stones` with the stones numbered `from` to `to`; run in one session, in order.
 * Each part of the stock has its own seed, so parts can load side by side and still come out the same.
 * `masterIds` maps `CODE:Value name` to the seeded master ids, written into the statement as constants.
 */
export function stockInsertStatements(
  from: number,
  to: number,
  part: number,
  masterIds: ReadonlyMap<string, string>,
): string[] {
  const randoms = Array.from({ length: 72 }, (_, index) => `random() as r${index}`).join(', ');
  const masterOf = (code: string, name: string) => {
    const arms = [...masterIds]
      .filter(([key]) => key.startsWith(`${code}:`))
      .map(([key, id]) => `when '${key.slice(code.length + 1).replaceAll("'", "''")}' then '${id}'::uuid`);
    return `(case ${name} ${arms.join(' ')} end)`;
  };
  const plain = Object.entries(PLAIN_MASTERS).map(
    ([column, [code, weights]], index) =>
      [column, masterOf(code, weighted(`r${PLAIN_FIRST_RANDOM + index}`, weights))] as const,
  );
  const ratio = `(case s.shape ${Object.entries(RATIOS)
    .map(([shape, [low, spread]]) => `when '${shape}' then ${low} + ${spread} * s.r30`)
    .join(' ')} end)`;
  const rapBase = `(case ${RAP_BY_CARAT.map(([below, price]) => `when s.carat < ${below} then ${price}`).join(' ')} else 120000 end)`;
  const colorIndex = `array_position(array[${COLORS.map((c) => `'${c}'`).join(',')}], s.color)`;
  const clarityIndex = `array_position(array[${CLARITIES.map((c) => `'${c}'`).join(',')}], s.clarity)`;
  // N and below from 0.30 ct, and fancy colours, have no list price: priced in $/ct.
  const listed = `(s.fancy is null and not (${colorIndex} > 10 and s.carat >= 0.3))`;
  const rap = `(case when ${listed} then round(${rapBase} * (1.6 - 0.07 * ${colorIndex}) * (1.5 - 0.07 * ${clarityIndex}) / 100) * 100 end)`;
  const discount = `(case when ${listed} then round((-20 - 40 * power(s.r31, 1.3))::numeric, 2) end)`;
  const unlisted = `round((${rapBase} * (case when s.fancy is null then 0.35 else 1.8 end) * (0.7 + 0.6 * s.r32))::numeric, 2)`;
  const pricePerCarat = `(case when ${listed} then round(${rap} * (1 + ${discount} / 100), 2) else ${unlisted} end)`;
  const symbols = `array_remove(array[${SYMBOLS.map(
    ([name, share], index) => `case when r${34 + index} < ${share} then '${name}' end`,
  ).join(', ')}]::text[], null)`;
  const isRound = `s.shape = 'Round'`;

  const columns: [string, string][] = [
    ['stock_number', `'HK' || lpad(s.g::text, 7, '0')`],
    ['certificate_number', `(2140000000 + s.g * 7)::text`],
    ['status', weighted('s.r1', STATUSES)],
    ['shape_id', masterOf('SHAPE', 's.shape')],
    ['carat', 's.carat'],
    ['color_id', `case when s.fancy is null then ${masterOf('COLOR', 's.color')} end`],
    ['fancy_color', `case when s.fancy is not null then ${masterOf('FANCY_COLOR', 's.fancy')} end`],
    [
      'fancy_color_intensity',
      `case when s.fancy is not null then ${masterOf(
        'INTENSITY',
        weighted('s.r8', [
          ['Fancy', 40],
          ['Fancy Intense', 30],
          ['Fancy Light', 15],
          ['Fancy Vivid', 10],
          ['Fancy Deep', 5],
        ]),
      )} end`,
    ],
    [
      'fancy_color_overtone',
      `case when s.fancy is not null then ${masterOf(
        'OVERTONE',
        weighted('s.r9', [
          ['None', 70],
          ['Brownish', 10],
          ['Greenish', 8],
          ['Orangy', 7],
          ['Pinkish', 5],
        ]),
      )} end`,
    ],
    ['clarity_id', masterOf('CLARITY', 's.clarity')],
    ['cut_id', `case when ${isRound} then ${masterOf('CUT', weighted('s.r7', GRADES))} end`],
    ...plain.map(([column, expr]) => [column, expr.replaceAll(/\br(\d+)\b/g, 's.r$1')] as [string, string]),
    [
      'fluorescence_color_id',
      `case when s.r${PLAIN_FIRST_RANDOM + Object.keys(PLAIN_MASTERS).indexOf('fluorescence_id')} >= 0.6 then ${masterOf(
        'FLUORESCENCE_COLOR',
        weighted('s.r33', [
          ['Blue', 85],
          ['Yellow', 8],
          ['White', 7],
        ]),
      )} end`,
    ],
    ['width', `round((6.35 * cbrt(s.carat) / sqrt(${ratio}))::numeric, 2)`],
    ['length', `round((6.35 * cbrt(s.carat) * sqrt(${ratio}))::numeric, 2)`],
    [
      'depth',
      `round((6.35 * cbrt(s.carat) / sqrt(${ratio}) * (case when ${isRound} then 0.615 else 0.65 end))::numeric, 2)`,
    ],
    ['total_depth', `round((case when ${isRound} then 59 + 4 * s.r2 else 60 + 10 * s.r2 end)::numeric, 1)`],
    ['table_per', `round((case when ${isRound} then 54 + 8 * s.r3 else 56 + 16 * s.r3 end)::numeric, 0)`],
    ['crown_height', `round((13 + 3 * s.r4)::numeric, 1)`],
    ['c_angle', `round((33 + 3 * s.r4)::numeric, 1)`],
    ['pavilion_depth', `round((42.5 + 1.5 * s.r5)::numeric, 1)`],
    ['p_angle', `round((40.4 + 1 * s.r5)::numeric, 1)`],
    ['star_length', `round((45 + 10 * s.r6)::numeric, 0)`],
    ['lower_half', `round((75 + 5 * s.r6)::numeric, 0)`],
    ['girdle_per', `round((2.5 + 2 * s.r67)::numeric, 1)`],
    ['key_to_symbol', symbols.replaceAll(/\br(\d+)\b/g, 's.r$1')],
    ['marketing_issue_date', `date '${STOCK_ANCHOR_DATE}' - floor(730 * s.r68)::int`],
    ['report_date', `date '${STOCK_ANCHOR_DATE}' - floor(730 * s.r68)::int - 10 - floor(50 * s.r70)::int`],
    ['show_sr_no', `case when s.r69 < 0.03 then 1 + floor(s.r71 * 400)::int end`],
    ['rap_price', rap],
    ['marketing_back', discount],
    ['marketing_price_per_carat', pricePerCarat],
    ['amount', `round(${pricePerCarat} * s.carat, 2)`],
    ['is_active', 's.r66 < 0.97'],
  ];
  // Ratio and diameters derive from length and width, as the server's pricing hook does.
  const select = columns.map(([, expr]) => expr).join(',\n  ');
  const lengthExpr = columns.find(([name]) => name === 'length')?.[1];
  const widthExpr = columns.find(([name]) => name === 'width')?.[1];
  const derived = `round((${lengthExpr}) / nullif(${widthExpr}, 0), 2), least(${lengthExpr}, ${widthExpr}), greatest(${lengthExpr}, ${widthExpr})`;

  const carat = `greatest(0.18, least(10.5, round(exp(ln(0.62) + 0.62 * sqrt(-2 * ln(greatest(r.r20, 1e-12))) * cos(2 * pi() * r.r21))::numeric, 2)))`;
  const fancy = `case when r.r22 < 0.02 then ${weighted('r.r23', [
    ['Yellow', 60],
    ['Pink', 12],
    ['Brown', 10],
    ['Blue', 6],
    ['Green', 4],
    ['Orange', 4],
    ['Gray', 4],
  ])} end`;
  return [
    `select setseed(${(0.4242 + part / 100).toFixed(4)})`,
    `insert into stones (${columns.map(([name]) => name).join(', ')}, ratio, diameter_min, diameter_max)
select
  ${select},
  ${derived}
from (
  select r.*, ${weighted('r.r0', SHAPES)} as shape, ${carat} as carat,
    ${weighted('r.r24', COLOR_WEIGHTS)} as color, ${weighted('r.r25', CLARITY_WEIGHTS)} as clarity, ${fancy} as fancy
  from (select g, ${randoms} from generate_series(${from}, ${to}) g) r
) s`,
  ];
}
