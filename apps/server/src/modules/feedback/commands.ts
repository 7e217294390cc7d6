import {
  FEEDBACK_API_PATHS,
  type TFeedbackSettings,
  type TOperatorFeedbackItem,
  type TOperatorFeedbackList,
} from '@palaro/contract';
import { queryString, UsageError, wholeNumberOf, type OperatorCommand } from '../../admin/command';

function describeFeedback(item: TOperatorFeedbackItem): string {
  const images = item.imageIds.length > 0 ? `  images: ${item.imageIds.join(', ')}` : '';
  const answer = item.answer ? `\n    answer (${item.answeredBy ?? ''}): ${item.answer}` : '';
  return `#${item.id}  ${item.status.padEnd(8)}  ${item.category.padEnd(10)}  ${item.username}  ${item.createdAt}\n    ${item.content}${images}${answer}`;
}

const describeWords = (value: unknown) => {
  const settings = value as TFeedbackSettings;
  return `Feedback content: between ${settings.contentMinWords} and ${settings.contentMaxWords} words`;
};

export const feedbackCommands: readonly OperatorCommand[] = [
  {
    name: 'feedback',
    help: ['feedback [--status pending|answered]       Members’ feedback, newest first'],
    request: ({ options, merchantPath }) => {
      const query = new URLSearchParams();
      if (options.status) query.set('status', options.status);
      return {
        method: 'GET',
        path: `${merchantPath(FEEDBACK_API_PATHS.operatorFeedback)}${queryString(query)}`,
        render: (value) => {
          const { list } = value as TOperatorFeedbackList;
          return list.length === 0 ? 'No feedback.' : list.map(describeFeedback).join('\n');
        },
      };
    },
  },
  {
    name: 'feedback answer',
    help: ['feedback answer ID --message "…"         Answer a feedback: shown to the member and sent to their inbox'],
    request: ({ args, options, merchantPath }) => {
      const id = args[0]?.replace(/^#/, '');
      if (!id || !/^[1-9][0-9]{0,9}$/.test(id)) throw new UsageError('Give the feedback number, e.g. 12');
      if (!options.message?.trim()) throw new UsageError('Give the answer with --message "…"');
      return {
        method: 'POST',
        path: merchantPath(FEEDBACK_API_PATHS.operatorFeedbackAnswer).replace(':id', id),
        body: { answer: options.message },
        render: (value) => describeFeedback(value as TOperatorFeedbackItem),
      };
    },
  },
  {
    name: 'feedback words',
    help: ['feedback words [MIN MAX]                 Show or change the word bounds of feedback content'],
    request: ({ args, merchantPath }) => {
      const path = merchantPath(FEEDBACK_API_PATHS.operatorFeedbackSettings);
      if (args.length === 0) return { method: 'GET', path, render: describeWords };
      if (args.length !== 2) throw new UsageError('Give both bounds, e.g. feedback words 5 300');
      const body = { contentMinWords: wholeNumberOf('MIN', args[0]!), contentMaxWords: wholeNumberOf('MAX', args[1]!) };
      return { method: 'PATCH', path, body, render: describeWords };
    },
  },
];
