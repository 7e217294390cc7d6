import { describe, expect, it } from 'vitest';
import {
  ALL_WEB_PATHS,
  backGoesHome,
  hasBottomMenu,
  hasHeader,
  isGamePlayPath,
  normalisePath,
  playGamePath,
} from './web-routes';

describe('route rules of the mobile shell', () => {
  it('treats every home alias as one screen', () => {
    for (const alias of ['/', '/m', '/m/', '/m/index', '/m/index.html', '/m/home']) {
      expect(normalisePath(alias)).toBe('/m/home');
    }
    expect(normalisePath('/register.html')).toBe('/m/register');
  });

  it('has no header on login, register, mine, agent and help', () => {
    for (const path of ['/m/login', '/register.html', '/m/mine', '/m/member/home', '/m/agent', '/m/help']) {
      expect(hasHeader(path)).toBe(false);
    }
    expect(hasHeader('/m/home')).toBe(true);
    expect(hasHeader('/m/notice')).toBe(true);
  });

  it('hides the bottom menu on the routes of the spec and on agent routes', () => {
    for (const path of [
      '/m/login',
      '/m/register',
      '/m/trail',
      '/m/launchGame',
      '/m/changePsw',
      '/m/notice',
      '/m/activity',
      '/m/forget',
      '/m/service',
      '/m/moreLottery',
      '/m/startLottery',
      '/m/useragreement',
      '/m/maintenance',
      '/m/agent',
      '/m/agent/team/overview',
      '/m/teamBetting',
    ]) {
      expect(hasBottomMenu(path), path).toBe(false);
    }
    for (const path of ['/', '/m/home', '/m/mine', '/m/voucherCenter', '/m/gameList']) {
      expect(hasBottomMenu(path), path).toBe(true);
    }
  });

  it('plays an in-house game full screen: no header, no bottom menu', () => {
    expect(playGamePath('PLR-INHOUSE-001')).toBe('/m/play/PLR-INHOUSE-001');
    for (const path of [playGamePath('PLR-INHOUSE-001'), '/m/play/PLR-INHOUSE-002/', '/m/play/:gameCode']) {
      expect(isGamePlayPath(path), path).toBe(true);
      expect(hasHeader(path), path).toBe(false);
      expect(hasBottomMenu(path), path).toBe(false);
    }
    expect(isGamePlayPath('/m/player')).toBe(false);
  });

  it('sends back to home from login, register, trial, notice and forget only', () => {
    for (const path of ['/m/login', '/m/register', '/m/trail', '/m/notice', '/m/forget']) {
      expect(backGoesHome(path)).toBe(true);
    }
    expect(backGoesHome('/m/withdraw')).toBe(false);
  });

  it('lists each path once', () => {
    expect(new Set(ALL_WEB_PATHS).size).toBe(ALL_WEB_PATHS.length);
    expect(ALL_WEB_PATHS).toContain('/m/index.html');
  });
});
