import { CdnImage } from '../../../shared/ui/CdnImage';
import { useRegisterBanners } from '../api/registerBanners';

/**
 * The merchant's registration banner (B, m_reg) above the form. Its 750×300 box is kept while it
 * loads, so the form does not move when it arrives; without one (or when it fails) nothing shows.
 */
export function RegisterBanner() {
  const banners = useRegisterBanners();
  // Sized by its class, not by props: the server draws this screen, and its page allows no style attribute.
  if (banners.isPending) return <div className="skeleton register-banner" aria-hidden="true" />;
  const banner = banners.data?.banners[0];
  if (!banner) return null;
  return (
    <CdnImage
      className="register-banner"
      src={banner.url}
      alt={banner.title}
      width={750}
      height={300}
      loading="eager"
      data-testid="register-banner"
    />
  );
}
