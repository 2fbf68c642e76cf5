import type { TReferral } from '@app/contracts/referrals.contract';
import { Anchor, Button, Group, SimpleGrid, Text } from '@mantine/core';
import { Fact, PanelFrame } from './panel-frame';
import {
  canConvert,
  describeSpecialistAction,
  formatReferralDate,
  formatReferralVehicle,
} from './referral-texts';

type LeadPanelProps = {
  referral: TReferral;
  /** ASSIST users see the lead, not the buttons that act on it. */
  isReadOnly: boolean;
  isClaiming: boolean;
  onClaim: () => void;
  onConvert: () => void;
  onClose: () => void;
};

/** An offered lead the installer may claim: 'Lead Details' (001 §2.5). */
function LeadDetails({ referral, isReadOnly, isClaiming, onClaim, onClose }: LeadPanelProps) {
  return (
    <PanelFrame title="Lead Details" onClose={onClose}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Fact label="Customer">{referral.customer_name}</Fact>
        <Fact label="Service requested">{referral.requested_service ?? 'Not chosen yet'}</Fact>
        <Fact label="Location area">{referral.location_area ?? referral.zip_code ?? '—'}</Fact>
        <Fact label="Vehicle">{formatReferralVehicle(referral)}</Fact>
        {referral.expiration_date && (
          <Fact label="Claim by">{formatReferralDate(referral.expiration_date)}</Fact>
        )}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Claim this lead to see the customer's contact details. Please contact the customer within 24 hours.
      </Text>
      <Group gap="sm">
        {!isReadOnly && (
          <Button onClick={onClaim} loading={isClaiming}>
            CLAIM REFERRAL
          </Button>
        )}
        <Button variant="default" onClick={onClose}>
          CLOSE
        </Button>
      </Group>
    </PanelFrame>
  );
}

/** A lead the installer claimed: the customer's contact and CONVERT TO ESTIMATE (001 §2.5). */
function OwnedLead({ referral, isReadOnly, onConvert, onClose }: LeadPanelProps) {
  const email = referral.customer_Email_Address;
  return (
    <PanelFrame title={describeSpecialistAction(referral)} onClose={onClose}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Fact label="Claimed">{formatReferralDate(referral.claimed_date ?? referral.claimed_at)}</Fact>
        <Fact label="VIN">{referral.VIN ?? '—'}</Fact>
        <Fact label="Vehicle">{formatReferralVehicle(referral)}</Fact>
        <Fact label="Customer">{referral.customer_name}</Fact>
        <Fact label="Customer Email">{email ? <Anchor href={`mailto:${email}`}>{email}</Anchor> : '—'}</Fact>
        {referral.customer_phone_number && (
          <Fact label="Customer Phone">
            <Anchor href={`tel:${referral.customer_phone_number}`}>{referral.customer_phone_number}</Anchor>
          </Fact>
        )}
        <Fact label="Service">{referral.requested_service ?? 'Not chosen yet'}</Fact>
        <Fact label="Location area">{referral.location_area ?? referral.zip_code ?? '—'}</Fact>
      </SimpleGrid>
      <Group gap="sm">
        {!isReadOnly && canConvert(referral) && <Button onClick={onConvert}>CONVERT TO ESTIMATE</Button>}
        <Button variant="default" onClick={onClose}>
          CLOSE
        </Button>
      </Group>
    </PanelFrame>
  );
}

export function LeadPanel(props: LeadPanelProps) {
  return props.referral.specialist_action === 'available' ? (
    <LeadDetails {...props} />
  ) : (
    <OwnedLead {...props} />
  );
}
