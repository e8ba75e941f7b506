/** The price id messages of spec section 5 (also in ADMIN_TEXT). */
export const PRICE_ID_TEXT = {
  priceIdRequired: '価格IDを入力してください',
  priceIdMustStartWithPrice: '価格IDは price_ で始まる必要があります',
  productIdRefused: 'prod_ で始まるのは商品IDです。price_ で始まる価格IDを入力してください',
} as const;

/**
 * The spec's price id rules (section 5), shared by the tools' forms and the server: trimmed, required,
 * `prod_` refused (a product id, the usual mistake), and must start with `price_`.
 */
export function checkPriceId(raw: string): { ok: true; priceId: string } | { ok: false; message: string } {
  const priceId = raw.trim();
  if (!priceId) return { ok: false, message: PRICE_ID_TEXT.priceIdRequired };
  if (priceId.startsWith('prod_')) return { ok: false, message: PRICE_ID_TEXT.productIdRefused };
  if (!priceId.startsWith('price_')) return { ok: false, message: PRICE_ID_TEXT.priceIdMustStartWithPrice };
  if (!/^price_[A-Za-z0-9_]{1,200}$/.test(priceId)) return { ok: false, message: PRICE_ID_TEXT.priceIdMustStartWithPrice };
  return { ok: true, priceId };
}
