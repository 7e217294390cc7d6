/** The content area's API paths: help centre, user agreement, service version, and the operator's controls. */
export const CONTENT_API_PATHS = {
  /** Spec §7 "help center": module COMM3, device MOBILE, lang. */
  help: '/wps/system/help',
  userAgreement: '/wps/system/agreement',
  /** Spec §7 "service version": value.version.pathList, value.resources. */
  serviceVersion: '/wps/system/version',
  operatorAnnouncements: '/ops/merchants/:merchantCode/announcements',
  operatorAnnouncement: '/ops/merchants/:merchantCode/announcements/:id',
  operatorHelpArticles: '/ops/merchants/:merchantCode/help/articles',
  operatorHelpArticle: '/ops/merchants/:merchantCode/help/articles/:id',
  operatorAgreements: '/ops/merchants/:merchantCode/agreements',
} as const;
