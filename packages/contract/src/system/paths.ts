/** The site's own calls: health, the merchant's settings and start-up data, announcements and notices. */
export const SYSTEM_API_PATHS = {
  /** Readiness (the same answer as healthReady), kept for the load balancers and checks that use it. */
  health: '/health',
  /** Liveness: the process answers; never touches the database. */
  healthLive: '/health/live',
  /** Readiness: the process can serve, its database answers. */
  healthReady: '/health/ready',
  siteSettings: '/wps/system/settings',
  startup: '/wps/system/startup',
  announcements: '/wps/system/announcements',
  notices: '/wps/system/notices',
} as const;
