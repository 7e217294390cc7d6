export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

interface ShareTarget {
  url: string;
  title: string;
  text: string;
}

/**
 * Shares through the phone's own share sheet where the browser has one (Web Share API), else
 * copies the link. A player closing the share sheet is not an error; a sheet that fails for
 * another reason (no user gesture, a policy) falls back to copying.
 */
export async function shareOrCopy(target: ShareTarget, nav: Navigator = navigator): Promise<ShareOutcome> {
  if (typeof nav.share === 'function' && (nav.canShare?.(target) ?? true)) {
    try {
      await nav.share(target);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  return copyText(target.url, nav);
}

/** Copies to the clipboard; 'failed' where the browser refuses (an insecure origin, a denied permission). */
export async function copyText(text: string, nav: Navigator = navigator): Promise<'copied' | 'failed'> {
  try {
    if (!nav.clipboard) return 'failed';
    await nav.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}
