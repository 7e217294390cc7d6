import { describe, expect, it } from 'vitest';
import { launchRequestOf, resolvePageBack, withPageBack } from './launchRequest';

describe('the launch page’s query', () => {
  it('resolves pageBack: home is the home page, a site path is itself, another site is ignored', () => {
    expect(resolvePageBack('home')).toBe('/m/home');
    expect(resolvePageBack('/m/gameList?gameType=RNG')).toBe('/m/gameList?gameType=RNG');
    expect(resolvePageBack('//evil.example/x')).toBeUndefined();
    expect(resolvePageBack('/\\evil.example')).toBeUndefined();
    expect(resolvePageBack('https://evil.example')).toBeUndefined();
    expect(resolvePageBack(null)).toBeUndefined();
  });

  it('passes the game and the lottery’s choices to the server, pageBack resolved', () => {
    expect(
      launchRequestOf(
        new URLSearchParams(
          'vendor=PLR&nodeId=12&gameId=PLR-SLOT&gameType=INHOUSE&pageBack=%2Fm%2FgameList%3FgameType%3DINHOUSE',
        ),
      ),
    ).toEqual({
      params: {
        vendor: 'PLR',
        nodeId: '12',
        gameId: 'PLR-SLOT',
        gameType: 'INHOUSE',
        pageBack: '/m/gameList?gameType=INHOUSE',
      },
      pageBack: '/m/gameList?gameType=INHOUSE',
    });
    expect(launchRequestOf(new URLSearchParams('playType=Tradition&prize_mode=Lott&code=lobby&pageBack=home'))).toEqual(
      {
        params: { playType: 'Tradition', prize_mode: 'Lott', code: 'lobby', pageBack: '/m/home' },
        pageBack: '/m/home',
      },
    );
    expect(launchRequestOf(new URLSearchParams('vendor=PLR&pageBack=//evil.example'))).toEqual({
      params: { vendor: 'PLR' },
      pageBack: undefined,
    });
  });

  it('finds no game in a link without a vendor or a lottery lobby', () => {
    expect(launchRequestOf(new URLSearchParams(''))).toBeNull();
    expect(launchRequestOf(new URLSearchParams('nodeId=3'))).toBeNull();
  });

  it('adds where the game was tapped as pageBack, unless the rule chose one', () => {
    expect(withPageBack('/m/launchGame?vendor=PLR&nodeId=1', '/m/gameList?gameType=INHOUSE')).toBe(
      '/m/launchGame?vendor=PLR&nodeId=1&pageBack=%2Fm%2FgameList%3FgameType%3DINHOUSE',
    );
    expect(withPageBack('/m/launchGame?code=lobby&pageBack=home', '/m/gameList?gameType=LOTT')).toBe(
      '/m/launchGame?code=lobby&pageBack=home',
    );
    expect(withPageBack('/m/login', '/m/gameList?gameType=RNG')).toBe('/m/login');
  });
});
