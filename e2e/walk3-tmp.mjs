import { chromium } from '@playwright/test';
const base = 'http://localhost:3960';
const routes = ['/login', '/signup', '/signup-simple', '/simple-login', '/password-reset', '/reset-password', '/confirm', '/terms', '/privacy', '/demo', '/subscription-select', '/checkout?plan=standard', '/payment-success?trial=true', '/payment-success?plan=premium', '/payment-cancelled', '/auth-callback', '/no-such'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 667 }]) {
  const context = await browser.newContext({ viewport, locale: 'ja-JP' });
  const page = await context.newPage();
  for (const route of routes) {
    await page.goto(base + route, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const info = await page.evaluate(() => ({
      h1: [...document.querySelectorAll('h1')].map((h) => h.textContent),
      scroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      url: location.pathname,
    }));
    // Tab through: each focused element's name and whether focus is drawn.
    const issues = [];
    const seen = new Set();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const f = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return null;
        const s = getComputedStyle(el);
        const labelled = el.getAttribute('aria-label') || (el.labels && [...el.labels].map((l) => l.textContent).join(' ')) || el.textContent || el.getAttribute('title') || el.getAttribute('aria-labelledby');
        const r = el.getBoundingClientRect();
        return { key: el.outerHTML.slice(0, 80), name: (labelled || '').trim().slice(0, 30), outline: s.outlineStyle !== 'none' && s.outlineWidth !== '0px', shadow: s.boxShadow !== 'none', inView: r.bottom > 0 && r.top < innerHeight, h: Math.round(r.height) };
      });
      if (!f) break;
      if (seen.has(f.key)) break;
      seen.add(f.key);
      if (!f.name) issues.push(`no name: ${f.key}`);
      if (!f.outline && !f.shadow) issues.push(`no focus ring: ${f.name} ${f.key}`);
      if (!f.inView) issues.push(`focused off-screen: ${f.name}`);
    }
    console.log(`${viewport.width} ${route} -> ${info.url} h1=${JSON.stringify(info.h1)} scroll=${info.scroll} tabs=${seen.size}${issues.length ? '\n   ' + issues.join('\n   ') : ''}`);
    await page.screenshot({ path: `/tmp/walk3/${viewport.width}${route.replace(/[/?=&]/g, '_')}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();
