import { ROLE_LABELS, TEAM_MESSAGES, type TeamMemberDto, type TeamRole } from '@music-review/core/team';
import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { UserAvatar } from '../../../components/user-avatar';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMemberRole } from '../api/update-member-role';

const selectClasses =
  'h-8 shrink-0 rounded-lg border border-input bg-background px-2.5 text-sm text-foreground shadow-xs outline-none ' +
  'transition-[border-color,box-shadow] focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 dark:bg-white/[0.03]';

const roleOf = (member: TeamMemberDto): TeamRole => (member.is_admin ? 'admin' : 'member');

type Pending =
  | { kind: 'remove'; member: TeamMemberDto }
  | { kind: 'step-down'; member: TeamMemberDto }
  | null;

/** The members with their roles: promote, demote, remove (admins only; the server has the last word). */
export function TeamMembers({ members, labelName }: { members: TeamMemberDto[]; labelName: string }) {
  const updateRole = useUpdateMemberRole();
  const remove = useRemoveMember();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);

  const applyRole = (member: TeamMemberDto, role: TeamRole) => {
    setError(null);
    updateRole.mutate(
      { memberId: member.id, isAdmin: role === 'admin' },
      {
        onSuccess: () => toast.success(TEAM_MESSAGES.roleChanged(member.name || member.email, role)),
        onError: (err) => setError(err.message),
        onSettled: () => setPending(null),
      },
    );
  };

  const onRoleChange = (member: TeamMemberDto, role: TeamRole) => {
    if (role === roleOf(member)) return;
    // Stepping down ends one's own team administration at once: ask first.
    if (member.is_me && role === 'member') setPending({ kind: 'step-down', member });
    else applyRole(member, role);
  };

  const confirmRemove = (member: TeamMemberDto) => {
    setError(null);
    remove.mutate(member.id, {
      onSuccess: () => toast.success(TEAM_MESSAGES.memberRemoved(member.name || member.email)),
      onError: (err) => setError(err.message),
      onSettled: () => setPending(null),
    });
  };

  return (
    <div className="flex flex-col gap-3">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <ul aria-label="Members" className="divide-y divide-border">
        {members.map((member) => {
          const name = member.name || member.email;
          const isSaving = updateRole.isPending && updateRole.variables?.memberId === member.id;
          return (
            <li key={member.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
              {/* At least 12 rem for the name: on a phone the controls wrap under it, to the right. */}
              <div className="flex min-w-0 flex-1 basis-48 items-center gap-3">
                <UserAvatar name={name} avatarKey={member.avatar_key} className="size-9 text-xs" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-foreground">
                    {name}
                    {member.is_me ? <span className="font-normal text-muted-foreground"> (you)</span> : null}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">{member.email}</p>
                </div>
              </div>
              <div className="ml-auto flex shrink-0 items-center gap-3">
                <select
                  aria-label={`Role of ${name}`}
                  value={roleOf(member)}
                  disabled={isSaving}
                  onChange={(e) => onRoleChange(member, e.target.value as TeamRole)}
                  className={selectClasses}
                >
                  {(['admin', 'member'] as const).map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
                {member.is_me ? (
                  // Keeps the rows aligned where the remove button would be.
                  <span aria-hidden="true" className="size-8" />
                ) : (
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Remove ${name}`}
                    title={`Remove ${name}`}
                    onClick={() => setPending({ kind: 'remove', member })}
                  >
                    <UserMinus aria-hidden="true" />
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>

      <Dialog
        open={pending?.kind === 'remove'}
        onClose={() => setPending(null)}
        title={pending ? `Remove ${pending.member.name || pending.member.email}?` : ''}
        description={`They lose access to ${labelName} at once and return to the start screen, where an invitation code lets them join a label again. Their reviews stay.`}
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setPending(null)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            isLoading={remove.isPending}
            onClick={() => pending && confirmRemove(pending.member)}
          >
            Remove
          </Button>
        </div>
      </Dialog>

      <Dialog
        open={pending?.kind === 'step-down'}
        onClose={() => setPending(null)}
        title="Make yourself a Member?"
        description="You will no longer manage the team or the label's settings. Another admin can make you an admin again."
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setPending(null)} disabled={updateRole.isPending}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            isLoading={updateRole.isPending}
            onClick={() => pending && applyRole(pending.member, 'member')}
          >
            Make me a Member
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
