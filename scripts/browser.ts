/**
 * The headless Chromium every docs screenshot is taken in (CHROMIUM names the browser, default
 * /usr/bin/chromium): one page of the given size at scale 1, closed whatever happens.
 */
import { chromium, type Page } from 'playwright-core';

export async function withPage(viewport: { width: number; height: number }, use: (page: Page) => Promise<void>): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox'],
  });
  try {
    const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    await use(page);
  } finally {
    await browser.close();
  }
}
