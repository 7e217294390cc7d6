import { useTranslation, useLanguage } from '../../../shared/i18n/language';
import { formatDate } from '../../../shared/lib/format';
import { useSettings } from '../../../shared/startup/context';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { StateView } from '../../../shared/ui/StateView';
import { CheckIcon, UsersIcon } from '../../../shared/ui/icons';
import { ClockIcon } from '../../../shared/ui/accountIcons';
import { useInvitees } from '../api/invitees';

/** The friends who registered with the member's code: masked name, the day they joined, whether they deposited. */
export function InviteeList() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const timeZone = useSettings().timeZone;
  const invitees = useInvitees(true);

  let body;
  if (invitees.isPending) {
    body = (
      <div className="invite-friends__loading" aria-busy="true">
        <Skeleton height={56} radius={14} />
        <Skeleton height={56} radius={14} />
        <Skeleton height={56} radius={14} />
      </div>
    );
  } else if (invitees.isError && !invitees.data) {
    body = <ErrorState testId="invitees-error" error={invitees.error} onRetry={() => void invitees.refetch()} />;
  } else {
    const friends = invitees.data.pages.flatMap((page) => page.list);
    body =
      friends.length === 0 ? (
        <StateView
          compact
          testId="invitees-empty"
          art={
            <span className="invite-empty-art" aria-hidden="true">
              <UsersIcon size={34} />
            </span>
          }
          title={t('invite_empty_title')}
          body={<p>{t('invite_empty_body')}</p>}
        />
      ) : (
        <>
          <ul className="invite-friends__list" data-testid="invitees">
            {friends.map((friend, index) => (
              <li className="invite-friend" key={`${friend.joinedAt}-${index}`} data-testid="invitee">
                <span className="invite-friend__avatar" aria-hidden="true">
                  {[...friend.name][0]?.toUpperCase()}
                </span>
                <span className="invite-friend__text">
                  <span className="invite-friend__name" data-testid="invitee-name">
                    {friend.name}
                  </span>
                  <span className="invite-friend__date">
                    {t('invite_friend_joined', { date: formatDate(friend.joinedAt, language, timeZone) })}
                  </span>
                </span>
                {friend.deposited ? (
                  <span className="invite-status invite-status--yes" data-testid="invitee-deposited">
                    <CheckIcon size={14} strokeWidth={3} />
                    {t('invite_deposited')}
                  </span>
                ) : (
                  <span className="invite-status" data-testid="invitee-not-deposited">
                    <ClockIcon size={14} />
                    {t('invite_not_deposited')}
                  </span>
                )}
              </li>
            ))}
          </ul>
          {invitees.hasNextPage ? (
            <button
              type="button"
              className="btn btn--outline btn--block"
              data-testid="invitees-more"
              disabled={invitees.isFetchingNextPage}
              onClick={() => void invitees.fetchNextPage()}
            >
              {t('invite_load_more')}
            </button>
          ) : null}
        </>
      );
  }

  return (
    <section className="acc-card invite-friends" aria-labelledby="invite-friends-title">
      <h2 className="acc-card__title" id="invite-friends-title">
        {t('invite_friends_title')}
      </h2>
      {body}
    </section>
  );
}
