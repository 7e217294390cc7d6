/** Feedback (FEEDBACK3): the member's and the operator's calls. */
export const FEEDBACK_API_PATHS = {
  /** GET → TFeedbackPage (the rules and the member's feedback); PUT TFeedbackRequest → TFeedbackItem. */
  feedback: '/wps/feedback',
  /** POST the raw bytes of one PNG or JPEG → TFeedbackUpload, waiting to be sent with a feedback. */
  feedbackImages: '/wps/feedback/images',
  /** GET the bytes of one of the member's images; DELETE one not sent yet. */
  feedbackImage: '/wps/feedback/images/:imageId',
  operatorFeedback: '/ops/merchants/:merchantCode/feedback',
  operatorFeedbackAnswer: '/ops/merchants/:merchantCode/feedback/:id/answer',
  operatorFeedbackImage: '/ops/merchants/:merchantCode/feedback/images/:imageId',
  /** GET → TFeedbackSettings; PATCH a part of it: the merchant's word bounds. */
  operatorFeedbackSettings: '/ops/merchants/:merchantCode/feedback-settings',
} as const;

export function feedbackImagePath(imageId: string): string {
  return FEEDBACK_API_PATHS.feedbackImage.replace(':imageId', encodeURIComponent(imageId));
}
