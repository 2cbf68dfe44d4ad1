import { existsSync } from 'node:fs';

/**
 * Playwright 1.65's own --disable-features list (less its Windows and Edge entries), which the switch below replaces
 * and therefore carries over: check it against playwright-core's chromiumSwitches when Playwright is upgraded.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Chromium 156 opens two WebUI renderers for the address bar's popups (chrome://omnibox-popup.top-chrome) in every
  // window, and a browser context is a window: about 400 ms and two busy renderers per context, 30% of
  // e2e/site.spec.ts's time on two cores (docs/decisions/047). A headless test never types in the address bar.
  // Chromium keeps only the last --disable-features, so this one repeats the list Playwright passes.
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'].join(
    ',',
  )}`,
];

/** Debian's Chromium, or CHROMIUM_PATH; undefined when neither exists. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => !!p && existsSync(p));
}
