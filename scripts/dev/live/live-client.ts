/**
 * The script `npm start` adds to every page: refreshes it in place on a new version, shows problems in a banner.
 * `liveClient` runs in the browser from its source text, so it uses nothing outside its body; `liveClientScript` makes it.
 */
import { REFRESH_EVENT, type RefreshDetail } from '../../../contracts/page-refresh.ts';
import type { LiveState } from './live-state.ts';

export interface LiveClientSettings {
  /** The live channel's path (a WebSocket). */
  channel: string;
  refreshEvent: string;
  /** The banner element's id. */
  bannerId: string;
  /**
   * The version the page was served from, when known: the dev server puts it in the script's
   * URL as it sends the page, so a publish between that and the channel's first message is seen.
   */
  served: number | null | undefined;
}

export const LIVE_BANNER_ID = 'live-preview-problems';

export function liveClient(settings: LiveClientSettings): void {
  let served = settings.served;
  let dismissed = '';
  const root = document.documentElement;

  const refresh = (to: string | undefined) => {
    const detail: RefreshDetail = to === undefined ? {} : { to };
    const taken = !window.dispatchEvent(new CustomEvent(settings.refreshEvent, { cancelable: true, detail }));
    if (taken) return;
    if (to === undefined) location.reload();
    else location.assign(to);
  };

  const showProblems = (problems: string[]) => {
    const text = problems.join('\n');
    let banner = document.getElementById(settings.bannerId);
    if (text === '' || text === dismissed) {
      banner?.remove();
      if (text === '') dismissed = '';
      return;
    }
    if (!banner) {
      banner = document.createElement('aside');
      banner.id = settings.bannerId;
      banner.setAttribute('role', 'alert');
      banner.style.cssText =
        'position:fixed;left:1rem;right:1rem;bottom:1rem;z-index:2147483647;max-height:50vh;overflow:auto;' +
        'padding:0.75rem 1rem;border:2px solid #e5484d;border-radius:8px;background:#1f0d0e;color:#ffecec;' +
        'font:14px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;box-shadow:0 8px 24px rgb(0 0 0 / 0.4)';
      const close = document.createElement('button');
      close.type = 'button';
      close.textContent = 'Dismiss';
      close.style.cssText = 'float:right;margin-left:1rem;font:inherit;cursor:pointer';
      close.addEventListener('click', () => {
        dismissed = banner?.dataset.problems ?? '';
        banner?.remove();
      });
      const heading = document.createElement('strong');
      heading.textContent = 'Not published: this page shows the last good version. Fix the file and save (npm start):';
      const list = document.createElement('pre');
      list.style.cssText = 'margin:0.5rem 0 0;white-space:pre-wrap;font:inherit';
      banner.append(close, heading, list);
      document.body.append(banner);
    }
    banner.dataset.problems = text;
    const list = banner.querySelector('pre');
    if (list) list.textContent = text;
  };

  const connect = () => {
    const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${settings.channel}`);
    socket.addEventListener('message', (event) => {
      const state = JSON.parse(String(event.data)) as LiveState;
      // Tests and the benchmark wait for this before they save.
      root.dataset.livePreview = 'connected';
      showProblems(state.problems);
      // Without a version in the script's URL, the first message says what the page shows.
      const changed = served !== undefined && state.version !== served;
      served = state.version;
      if (changed) refresh(state.moved[location.pathname]);
    });
    // npm start stopped or restarting: try again, and learn what changed meanwhile.
    socket.addEventListener('close', () => {
      root.dataset.livePreview = 'waiting';
      setTimeout(connect, 1000);
    });
  };
  connect();
}

/** The script the dev server sends: the function's source, called with its settings. */
export function liveClientScript(channel: string, served: number | null | undefined): string {
  const settings: LiveClientSettings = { channel, refreshEvent: REFRESH_EVENT, bannerId: LIVE_BANNER_ID, served };
  return `(${liveClient.toString()})(${JSON.stringify(settings)});\n`;
}
