import {
  REMINDER_NOTIFICATION_TYPE,
  type ReminderKind,
  reminderDueDates,
  reminderMessage,
} from '@music-review/core/marketing';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../platform/db/index.ts';
import { sanitizeError } from '../../platform/logging.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';

/**
 * The campaign task deadline reminders (decision 0010), run on the job queue once per interval
 * (background.ts, decision 0024). Should two runs ever overlap, a reminder
 * is claimed by inserting its (task, kind, due date) row into marketing_task_reminders with
 * `on conflict do nothing`, in the same transaction as its notification, so exactly one copy's
 * insert wins and the others send nothing. Days are UTC days (packages/core/src/marketing.ts).
 */

type Candidate = {
  id: string;
  organization_id: string;
  kind: ReminderKind;
  due_date: string;
};

const BATCH = 500;

/** Sends the reminders due at `now` across every label; answers how many this call sent. */
export async function runDueReminders(ctx: AppContext, now: Date): Promise<number> {
  const dates = reminderDueDates(now);
  const dueOf = (kind: ReminderKind) => dates.find((d) => d.kind === kind)!.dueDate;
  // Deliberately across organizations: the scan runs as the owner (no tenant role), then each
  // reminder is claimed and sent in withOrg of its task's label. It reads only the open tasks due
  // on the three days (index marketing_tasks_due_idx) that no reminder row covers yet.
  const candidates = await queryRows<Candidate>(
    ctx.database.asOwner('the reminder scan spans every label; each is sent in its own withOrg'),
    sql`select t.id, t.organization_id, k.kind, t.due_date::text as due_date
        from marketing_tasks t
        join (values ('3days', ${dueOf('3days')}::date), ('1day', ${dueOf('1day')}::date),
                     ('today', ${dueOf('today')}::date)) as k(kind, due_date)
          on k.due_date = t.due_date
        where t.status <> 'done' and t.assignee_id is not null
          and not exists (select 1 from marketing_task_reminders r
                          where r.task_id = t.id and r.kind = k.kind and r.due_date = t.due_date)
        order by t.due_date, t.id
        limit ${BATCH}`,
  );

  const notifications = createNotificationsService(ctx);
  let sent = 0;
  for (const candidate of candidates) {
    try {
      const notified = await ctx.database.withOrg(candidate.organization_id, async (tx) => {
        // The claim: re-checks the task as it is now (still open, assigned, due that day); of
        // several copies inserting at once, one gets the row back and the others wait, then nothing.
        const claimed = await queryRows<{
          assignee_id: string;
          song_id: string;
          title: string;
          song_title: string;
        }>(
          tx,
          sql`with claim as (
                insert into marketing_task_reminders (organization_id, task_id, kind, due_date)
                select t.organization_id, t.id, ${candidate.kind}, t.due_date
                from marketing_tasks t
                where t.organization_id = ${candidate.organization_id} and t.id = ${candidate.id}
                  and t.status <> 'done' and t.assignee_id is not null
                  and t.due_date = ${candidate.due_date}::date
                on conflict (task_id, kind, due_date) do nothing
                returning task_id)
              select t.assignee_id, t.song_id, t.title, s.title as song_title
              from claim join marketing_tasks t on t.id = claim.task_id
              join songs s on s.id = t.song_id and s.organization_id = t.organization_id`,
        );
        const task = claimed[0];
        if (!task) return null;
        return notifications.notify(tx, {
          organizationId: candidate.organization_id,
          recipients: [task.assignee_id],
          senderId: null,
          type: REMINDER_NOTIFICATION_TYPE[candidate.kind],
          message: reminderMessage(candidate.kind, task),
          songId: task.song_id,
        });
      });
      if (notified) {
        sent += 1;
        await notified.sendEmails();
      }
    } catch (err) {
      // One label's failure must not hold back the others; the next run tries it again.
      console.warn(
        'campaign task reminder failed',
        { taskId: candidate.id, kind: candidate.kind },
        sanitizeError(err),
      );
    }
  }
  return sent;
}
