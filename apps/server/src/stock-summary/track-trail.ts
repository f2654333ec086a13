import type { diamondTracks } from './stock-summary-tables.ts';

/** What the trail keeps of an activity row (the fields its audit entity labels). */
export function trailOfTrack(row: typeof diamondTracks.$inferSelect): Record<string, unknown> {
  return {
    trackType: row.trackType,
    userId: row.userId,
    accountId: row.accountId,
    stoneId: row.stoneId,
    pricePerCarat: row.pricePerCarat,
    discount: row.discount,
    amount: row.amount,
    remarks: row.remarks,
    reminderDate: row.reminderDate?.toISOString() ?? null,
    enquiryNumber: row.enquiryNumber,
    offerPricePerCarat: row.offerPricePerCarat,
    offerStatus: row.offerStatus,
    validUntil: row.validUntil?.toISOString() ?? null,
    counterPricePerCarat: row.counterPricePerCarat,
    counteredAt: row.counteredAt?.toISOString() ?? null,
    reply: row.reply,
  };
}
