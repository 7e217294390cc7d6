import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TWebBoot } from '@palaro/contract';

/**
 * The web build's renderer of first screens (apps/web/src/serverRender.tsx), built for Node into
 * the build's `ssr` folder, which is never served as a file. Its entry is named by its content
 * (`serverRender-<hash>.js`), so a rebuild while the server runs is a new module to load.
 */
export const SERVER_RENDER_DIR = 'ssr';
const SERVER_RENDER_ENTRY = /^serverRender-[\w-]+\.js$/;

export interface FirstScreen {
  /** Hoisted out of the screen (preloads of its images), for the page's head. */
  head: string;
  /** The screen, for the page's root element. */
  body: string;
}

/** Home's frame parts drawn by the app's components: the guest header and the download bar. */
export interface HomeFrame {
  /** Null for a member's page: the frame keeps its own header. */
  header: string | null;
  top: string;
}

/** What the server knows of the player's device and page when it draws home's frame. */
export interface HomeFrameDevice {
  userAgent: string;
  /** The player closed the download bar before (its cookie). */
  closedBefore: boolean;
  guest: boolean;
}

export interface ServerRender {
  renderFirstScreen: (url: string, boot: TWebBoot) => Promise<FirstScreen | null>;
  /** Absent from a build made before it existed: the frame then draws its own header and no bar. */
  renderHomeFrame?: (boot: TWebBoot, device: HomeFrameDevice) => Promise<HomeFrame>;
}

/**
 * The renderer of the current build, looked for again only when the folder changes; null while
 * the build has none.
 */
export function firstScreenRenderer(webDist: string): () => Promise<ServerRender | null> {
  const dir = path.join(webDist, SERVER_RENDER_DIR);
  let found: { dirModifiedMs: number; render: Promise<ServerRender | null> } | null = null;
  return async function current() {
    let dirModifiedMs: number;
    try {
      dirModifiedMs = (await stat(dir)).mtimeMs;
    } catch {
      return null;
    }
    if (found?.dirModifiedMs !== dirModifiedMs) {
      const render = readdir(dir).then(async (names) => {
        const entry = names.find((name) => SERVER_RENDER_ENTRY.test(name));
        if (!entry) return null;
        const module = (await import(pathToFileURL(path.join(dir, entry)).href)) as Partial<ServerRender>;
        return module.renderFirstScreen
          ? { renderFirstScreen: module.renderFirstScreen, renderHomeFrame: module.renderHomeFrame }
          : null;
      });
      found = { dirModifiedMs, render };
    }
    return found.render;
  };
}
