import type { LayoutStone, ResourceRecord } from '@facet/contract';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const number = (value: unknown): number | null => {
  const parsed = typeof value === 'string' && value !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : null;
};

/** A stone of the stock search as a row of the layout (grades by the engine's `…Title` names). */
export function toLayoutStone(record: ResourceRecord, position: number): LayoutStone {
  return {
    id: record.id,
    position,
    stockNumber: String(record.stockNumber ?? ''),
    certificateNumber: text(record.certificateNumber),
    status: String(record.status ?? ''),
    labTitle: text(record.labTitle),
    shapeTitle: text(record.shapeTitle),
    carat: number(record.carat) ?? 0,
    colorTitle: text(record.colorTitle) ?? text(record.fancyColorTitle),
    clarityTitle: text(record.clarityTitle),
    cutTitle: text(record.cutTitle),
    polishTitle: text(record.polishTitle),
    symmetryTitle: text(record.symmetryTitle),
    fluorescenceTitle: text(record.fluorescenceTitle),
    rapPrice: number(record.rapPrice),
    marketingBack: number(record.marketingBack),
    marketingPricePerCarat: number(record.marketingPricePerCarat),
    amount: number(record.amount),
  };
}

/** The stones with `added` appended, those already in the list left out. */
export function withStones(stones: readonly LayoutStone[], added: readonly ResourceRecord[]): LayoutStone[] {
  const present = new Set(stones.map((stone) => stone.id));
  const fresh = added.filter((record) => !present.has(record.id));
  return [...stones, ...fresh.map((record, index) => toLayoutStone(record, stones.length + index))];
}

/** Whether two stone lists differ in their stones or their order. */
export function stonesChanged(saved: readonly LayoutStone[], current: readonly LayoutStone[]): boolean {
  return saved.length !== current.length || saved.some((stone, index) => stone.id !== current[index]?.id);
}
