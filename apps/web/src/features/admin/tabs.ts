/** The admin dashboard's tabs, in order (`/admin?tab=<value>`); the route validates `tab` against them. */
export const ADMIN_TABS = [
  { value: 'overview', label: '概要' },
  { value: 'users', label: 'ユーザー' },
  { value: 'content', label: 'コンテンツ' },
  { value: 'appeals', label: '申し立て' },
  { value: 'payments', label: '決済' },
  { value: 'analytics', label: '分析' },
  { value: 'tools', label: 'ツール' },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['value'];
export const ADMIN_TAB_VALUES = ADMIN_TABS.map((t) => t.value);
