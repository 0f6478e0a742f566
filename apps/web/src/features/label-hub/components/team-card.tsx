import type { HubTeamMemberDto, PresenceStatus } from '@music-review/core/hub';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

const STATUS_LABELS: Record<PresenceStatus, string> = { online: 'Online', away: 'Away', offline: 'Offline' };
const STATUS_DOTS: Record<PresenceStatus, string> = {
  online: 'bg-success',
  away: 'bg-warning',
  offline: 'bg-muted-foreground/40',
};

function initialsOf(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    parts.length > 1 ? `${parts[0]![0]}${parts[parts.length - 1]![0]}` : (parts[0]?.slice(0, 2) ?? '');
  return letters.toUpperCase() || '?';
}

function Member({ member }: { member: HubTeamMemberDto }) {
  return (
    <li className="flex items-center gap-3 py-2.5">
      <span className="relative shrink-0" aria-hidden="true">
        <span className="flex size-9 items-center justify-center rounded-full bg-gradient-to-br from-violet-500 to-indigo-600 text-xs font-semibold text-white">
          {initialsOf(member.name || member.email)}
        </span>
        <span
          className={cn(
            'absolute -right-0.5 -bottom-0.5 size-3 rounded-full ring-2 ring-card',
            STATUS_DOTS[member.status],
          )}
        />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium text-foreground">
          {member.name || member.email}
          {member.is_me ? <span className="font-normal text-muted-foreground"> (you)</span> : null}
        </span>
        <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
          {STATUS_LABELS[member.status]}
          {member.current_activity ? ` · ${member.current_activity}` : ''}
        </span>
      </span>
      <span className="shrink-0 text-xs text-muted-foreground">{member.is_admin ? 'Admin' : 'Member'}</span>
    </li>
  );
}

/** The label's members with who is online (seen within 5 minutes), away or offline. */
export function TeamCard({ team }: { team: HubTeamMemberDto[] }) {
  const online = team.filter((m) => m.status === 'online').length;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="team-heading">Team</CardTitle>
        <CardDescription>{online === 0 ? 'Nobody online right now' : `${online} online`}</CardDescription>
      </CardHeader>
      <CardContent className="pt-3">
        <ul aria-labelledby="team-heading" className="divide-y divide-border">
          {team.map((member) => (
            <Member key={member.id} member={member} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
