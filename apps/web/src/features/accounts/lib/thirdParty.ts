/**
 * Third-party sign-in (Facebook, Google through an ID-token adapter). The buttons show only when
 * the merchant's flag is on AND a sign-in service has been initialised on this page (spec §2);
 * no client SDK is bundled, so none is initialised and the buttons stay hidden.
 */
export interface ThirdPartySignIn {
  provider: 'facebook' | 'google';
  signIn: () => Promise<{ idToken: string }>;
}

const services: ThirdPartySignIn[] = [];

/** @public The page's own sign-in SDK registers here (an operator's build); none is bundled. */
export function registerThirdPartySignIn(service: ThirdPartySignIn): void {
  if (!services.some((s) => s.provider === service.provider)) services.push(service);
}

export function thirdPartySignIn(provider: ThirdPartySignIn['provider']): ThirdPartySignIn | null {
  return services.find((s) => s.provider === provider) ?? null;
}
