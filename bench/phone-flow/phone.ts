/**
 * The emulated phone: 390×844 touch, CPU ×4 (CDP setCPUThrottlingRate), 150 ms and 1.6 Mbps down / 750 kbps up,
 * a cold cache per page, the probe in every document. I/O: a browser context and a CDP session.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { FLOW_STORAGE_KEY, installProbe } from './probe.ts';

export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 7a) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
} as const;
export const CPU_SLOWDOWN = 4;
export const NETWORK = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 } as const;

export interface Phone {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
}

export async function openPhone(browser: Browser): Promise<Phone> {
  const context = await browser.newContext(PHONE);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await context.addInitScript(installProbe, FLOW_STORAGE_KEY);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...NETWORK });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page, cdp };
}

/** A finger's swipe that scrolls the page by `dy` CSS px (positive: further down), no fling. */
export async function swipe(phone: Phone, dy: number): Promise<void> {
  await phone.cdp.send('Input.synthesizeScrollGesture', {
    x: PHONE.viewport.width / 2,
    y: PHONE.viewport.height / 2,
    yDistance: -dy,
    gestureSourceType: 'touch',
    speed: 1600,
    preventFling: true,
  });
}
