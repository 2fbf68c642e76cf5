import { profileMessages, type TProfile } from '@app/contracts/profile.contract';
import { isReadOnlyAccess } from '@app/domain/identity/access';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  List,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { env } from '../../env';
import { useActingCompanyId } from '../../lib/query-keys';
import { useSession } from '../../lib/session-store';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PaymentAccountPanel } from './payment-account-panel';
import { fetchProfile } from './profile-api';
import { profileKeys } from './query-keys';
import { W9Section } from './w9-section';

function Fact(props: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {props.label}
      </Text>
      <Text>{props.children}</Text>
    </div>
  );
}

function Section(props: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={props.id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={props.id}>
          {props.title}
        </Title>
        {props.children}
      </Stack>
    </Paper>
  );
}

/** Setup progress of a trial account (002 §2.13): what is done, what is left. */
function SetupProgress({ profile }: { profile: TProfile }) {
  if (!profile.setup) return null;
  return (
    <Section id="setup-title" title="Setup Progress">
      <Progress value={profile.payment.progress} aria-label={`Setup ${profile.payment.progress}% complete`} />
      <Text size="sm">
        {profile.setup.completed} of {profile.setup.total} steps done. Trial accounts finish payment setup
        before they can complete jobs.
      </Text>
      <List spacing={4} listStyleType="none">
        {profile.setup.steps.map((s) => (
          <List.Item key={s.key}>
            <Badge color={s.done ? 'green' : 'gray'} variant="light" mr="xs">
              {s.done ? 'Done' : 'To do'}
            </Badge>
            {s.label}
          </List.Item>
        ))}
      </List>
    </Section>
  );
}

function BusinessInformation({
  installer,
  isReadOnly,
  onW9Changed,
}: {
  installer: TProfile['installer'];
  isReadOnly: boolean;
  onW9Changed: () => Promise<unknown>;
}) {
  const cityLine = [installer.city, [installer.state, installer.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const offered = installer.services.map((s) => (s === 'retail' ? 'Retail' : 'Wholesale')).join(' and ');
  return (
    <Section id="business-title" title="Business Information">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Fact label="Legal name">{installer.Installer_Name}</Fact>
        <Fact label="Address">
          {[installer.address_line1, cityLine].filter(Boolean).join(', ') || 'Not set'}
        </Fact>
        <Fact label="Phone">{installer.phone ?? 'Not set'}</Fact>
        <Fact label="Email">{installer.installer_email ?? 'Not set'}</Fact>
        <Fact label="Service categories">
          {installer.categories.length > 0 ? installer.categories.join(', ') : 'No services yet'}
        </Fact>
        <Fact label="Work offered">{offered || 'None'}</Fact>
        <Fact label="Daily capacity">{installer.capacity} job-days per day</Fact>
        <Fact label="Retail tax rate">{installer.tax_rate}%</Fact>
      </SimpleGrid>
      <Divider />
      <W9Section
        installerId={installer.Installer_id}
        w9={installer.w9}
        isReadOnly={isReadOnly}
        onChanged={onW9Changed}
      />
    </Section>
  );
}

function AccountStatus({ profile }: { profile: TProfile }) {
  const { installer, user } = profile;
  return (
    <Section id="status-title" title="Account Status">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Fact label="Account">
          {installer.is_trial ? `Trial (${installer.trial_jobs_completed} jobs completed)` : 'Active'}
        </Fact>
        <Fact label="Subscription">{installer.subscription}</Fact>
        <Fact label="Signed in as">
          {user.user_name} ({user.Email})
        </Fact>
        <Fact label="Access level">{user.access}</Fact>
        <Fact label="Member since">{installer.created_date}</Fact>
        <Fact label="Calendar">{installer.calendar_linked ? 'Linked' : 'Not linked'}</Fact>
      </SimpleGrid>
    </Section>
  );
}

/** `/profile` (R21, row 157): setup progress, payment account (P27), business information, account status. */
export function ProfilePage() {
  useDocumentTitle('Profile Settings');
  const session = useSession();
  const companyId = useActingCompanyId();
  const userId = session.user?.userId ?? 0;
  const queryClient = useQueryClient();
  const profile = useQuery({
    queryKey: profileKeys.profile(companyId, userId),
    queryFn: () => fetchProfile(userId),
    enabled: userId > 0,
  });
  const isReadOnly = isReadOnlyAccess(session.user?.access ?? 'ASSIST');
  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h2">
        Profile Settings
      </Title>
      {profile.isPending ? (
        <Stack aria-busy="true" aria-label="Loading profile">
          <Skeleton height={120} />
          <Skeleton height={160} />
        </Stack>
      ) : profile.isError ? (
        <Stack>
          <Alert color="red" role="alert" title={profileMessages.loadFailed}>
            {profileMessages.accountFailed}
          </Alert>
          <Button w="fit-content" onClick={() => void profile.refetch()}>
            Try Again
          </Button>
        </Stack>
      ) : (
        <>
          <SetupProgress profile={profile.data} />
          <PaymentAccountPanel
            payment={profile.data.payment}
            installerId={profile.data.installer.Installer_id}
            isReadOnly={isReadOnly}
          />
          <BusinessInformation
            installer={profile.data.installer}
            isReadOnly={isReadOnly}
            onW9Changed={() => queryClient.invalidateQueries({ queryKey: profileKeys.ofCompany(companyId) })}
          />
          <Section id="settings-title" title="Account Settings">
            <Text c="dimmed">Coming soon.</Text>
          </Section>
          <AccountStatus profile={profile.data} />
          <Text size="sm">
            Need help? <Anchor href={`mailto:${env.supportEmail}`}>Contact support</Anchor>
          </Text>
        </>
      )}
    </Stack>
  );
}
