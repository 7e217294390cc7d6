import { type TOperatorFeedbackItem, type TOperatorFeedbackList, FEEDBACK_API_PATHS } from '@palaro/contract';
import { queryString, UsageError, type OperatorCommand } from '../../admin/command';

function describeFeedback(item: TOperatorFeedbackItem): string {
  const images = item.imageIds.length > 0 ? `  images: ${item.imageIds.join(', ')}` : '';
  const answer = item.answer ? `\n    answer (${item.answeredBy ?? ''}): ${item.answer}` : '';
  return `#${item.id}  ${item.status.padEnd(8)}  ${item.category.padEnd(10)}  ${item.username}  ${item.createdAt}\n    ${item.content}${images}${answer}`;
}

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
];
