import { describe, expect, it } from 'vitest';
import { barAction, barLink, isIosSafari, isMobileDevice, popupLinks, type DownloadContext } from './rules';
import { footerGuide, isLegacyIos } from './guide';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1';
const IPHONE_FACEBOOK =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/450.0]';
const IPHONE_12_1 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 12_1_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.0 Mobile/15E148 Safari/604.1';
const IPHONE_12_2 = IPHONE_12_1.replace('12_1_4', '12_2');
const IPHONE_11 = IPHONE_12_1.replace('12_1_4', '11_4_1');
const ANDROID =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

const ALL_LINKS: DownloadContext['downloads'] = [
  { resourceType: 'Android', url: '/a.apk' },
  { resourceType: 'IOS', url: '/ios' },
  { resourceType: 'MOBILECONFIG', url: '/p.mobileconfig' },
  { resourceType: 'AppDownloadIcon', url: '/icon.webp' },
];

function context(userAgent: string, overrides: Partial<DownloadContext> = {}): DownloadContext {
  return { userAgent, downloads: ALL_LINKS, webClipFlag: null, hideIos: false, ...overrides };
}
const typesOf = (ctx: DownloadContext) => popupLinks(ctx).map((link) => link.resourceType);

describe('the download popup’s links (spec §2)', () => {
  it('offers the Android app on a desktop and on any device but iOS, never on iOS', () => {
    expect(typesOf(context(DESKTOP))).toContain('Android');
    expect(typesOf(context(ANDROID))).toContain('Android');
    expect(typesOf(context(IPHONE_SAFARI))).not.toContain('Android');
  });

  it('offers the iOS profile only on a mobile device whose web-clip flag is not 1', () => {
    expect(typesOf(context(IPHONE_SAFARI))).toContain('MOBILECONFIG');
    expect(typesOf(context(ANDROID))).toContain('MOBILECONFIG');
    expect(typesOf(context(DESKTOP))).not.toContain('MOBILECONFIG');
    expect(typesOf(context(IPHONE_SAFARI, { webClipFlag: '1' }))).not.toContain('MOBILECONFIG');
    expect(typesOf(context(IPHONE_SAFARI, { webClipFlag: '0' }))).toContain('MOBILECONFIG');
  });

  it('hides the iOS app link when the merchant’s hide-iOS flag is set', () => {
    expect(typesOf(context(IPHONE_SAFARI))).toContain('IOS');
    expect(typesOf(context(IPHONE_SAFARI, { hideIos: true }))).not.toContain('IOS');
  });

  it('shows no type the merchant has no URL for, and never the icon', () => {
    const onlyAndroid = context(ANDROID, { downloads: [{ resourceType: 'Android', url: '/a.apk' }] });
    expect(typesOf(onlyAndroid)).toEqual(['Android']);
    expect(typesOf(context(ANDROID, { downloads: [{ resourceType: 'IOS', url: '' }] }))).toEqual([]);
    expect(typesOf(context(DESKTOP))).toEqual(['Android', 'IOS']);
  });
});

describe('the download bar (spec §2, §4)', () => {
  it('links the platform’s app, the profile on an iPhone whose app is hidden, and is hidden with no link', () => {
    expect(barLink(context(ANDROID))).toBe('/a.apk');
    expect(barLink(context(IPHONE_SAFARI))).toBe('/ios');
    expect(barLink(context(IPHONE_SAFARI, { hideIos: true }))).toBe('/p.mobileconfig');
    expect(barLink(context(IPHONE_SAFARI, { hideIos: true, webClipFlag: '1' }))).toBeNull();
    expect(barLink(context(ANDROID, { downloads: [{ resourceType: 'IOS', url: '/ios' }] }))).toBeNull();
  });

  it('needs Safari on iOS: another browser or an in-app view gets the alert, Safari and other devices the popup', () => {
    expect(isIosSafari(IPHONE_SAFARI)).toBe(true);
    expect(barAction(IPHONE_SAFARI)).toBe('popup');
    expect(barAction(IPHONE_CHROME)).toBe('needsSafari');
    expect(barAction(IPHONE_FACEBOOK)).toBe('needsSafari');
    expect(barAction(ANDROID)).toBe('popup');
    expect(barAction(DESKTOP)).toBe('popup');
  });

  it('knows a phone from a desktop', () => {
    expect(isMobileDevice(IPHONE_SAFARI)).toBe(true);
    expect(isMobileDevice(ANDROID)).toBe(true);
    expect(isMobileDevice(DESKTOP)).toBe(false);
  });
});

describe('the popup’s footer guide by iOS version (spec §2)', () => {
  it('gives the legacy tip below iOS 12.2 and on 11 and under, not from 12.2 on', () => {
    expect(isLegacyIos(IPHONE_12_1)).toBe(true);
    expect(isLegacyIos(IPHONE_11)).toBe(true);
    expect(isLegacyIos(IPHONE_12_2)).toBe(false);
    expect(isLegacyIos(IPHONE_SAFARI)).toBe(false);
    expect(isLegacyIos(ANDROID.replace('Android 13', 'Android 11'))).toBe(false);
    expect(footerGuide(IPHONE_12_1, popupLinks(context(IPHONE_12_1)))).toBe('legacyIos');
  });

  it('offers the profile download when the profile is shown, else the add-to-home-screen steps', () => {
    expect(footerGuide(IPHONE_SAFARI, popupLinks(context(IPHONE_SAFARI)))).toBe('profile');
    expect(footerGuide(IPHONE_SAFARI, popupLinks(context(IPHONE_SAFARI, { webClipFlag: '1' })))).toBe('homeScreenIos');
    expect(footerGuide(DESKTOP, popupLinks(context(DESKTOP)))).toBe('homeScreen');
  });
});
