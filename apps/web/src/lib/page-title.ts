import { documentTitle, PAGE_TITLE } from '@shunkan/config/routes';
import { findLevel, isLevelKey } from '@shunkan/config/levels';

/**
 * A route's `head` naming its page in the document title (the root layout sets it: DocumentTitle in features/layout/root-layout.tsx).
 * Without it every route kept index.html's 「瞬間英作文 Shunkan」, so tabs, history and a screen reader
 * arriving on a page could not tell one page from another (decision 080).
 */
export function pageTitle(page: keyof typeof PAGE_TITLE) {
  return () => ({ meta: [{ title: documentTitle(PAGE_TITLE[page]) }] });
}

/** The practice screen's title names its level: 「TOEICの練習 | 瞬間英作文 Shunkan」. */
export function practiceTitle(level: string | undefined): string {
  return documentTitle(isLevelKey(level) ? `${findLevel(level).name}の${PAGE_TITLE.practice}` : PAGE_TITLE.practice);
}
