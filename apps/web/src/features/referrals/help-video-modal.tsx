import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import classes from './help-video.module.css';

/** How long each step of the walkthrough stays on screen while it plays. */
const STEP_MS = 4500;

const TEAL = '#087f5b';
const INK = '#212529';
const MUTED = '#868e96';
const LINE = '#ced4da';

/** The screen every step draws on: the header, the list on the left, the panel on the right. */
function Screen({ children }: { children: ReactNode }) {
  return (
    <>
      <rect x="0" y="0" width="640" height="360" fill="#f8f9fa" />
      <rect x="16" y="14" width="608" height="40" rx="8" fill={TEAL} />
      <text x="32" y="40" fill="#fff" fontSize="18" fontWeight="700">
        Referrals
      </text>
      <rect x="16" y="66" width="236" height="280" rx="8" fill="#fff" stroke={LINE} />
      {[0, 1, 2].map((row) => (
        <g key={row}>
          <rect x="28" y={84 + row * 56} width="60" height="10" rx="3" fill={LINE} />
          <rect x="100" y={84 + row * 56} width="130" height="10" rx="3" fill={LINE} />
          <rect x="100" y={102 + row * 56} width="90" height="8" rx="3" fill="#e9ecef" />
        </g>
      ))}
      <rect x="264" y="66" width="360" height="280" rx="8" fill="#fff" stroke={LINE} />
      {children}
    </>
  );
}

function Field({
  y,
  label,
  value,
  isActive,
}: {
  y: number;
  label: string;
  value?: string;
  isActive?: boolean;
}) {
  return (
    <g>
      <text x="284" y={y} fill={INK} fontSize="12" fontWeight="600">
        {label}
      </text>
      <rect
        x="284"
        y={y + 6}
        width="250"
        height="28"
        rx="5"
        fill="#fff"
        stroke={isActive ? TEAL : LINE}
        strokeWidth={isActive ? 3 : 1}
        className={isActive ? classes.highlight : undefined}
      />
      {value && (
        <text
          x="292"
          y={y + 25}
          fill={INK}
          fontSize="13"
          fontFamily="monospace"
          className={isActive ? classes.typing : undefined}
        >
          {value}
        </text>
      )}
    </g>
  );
}

function Cursor({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <path
        className={classes.cursor}
        d="M0 0 L0 22 L6 16 L11 27 L15 25 L10 14 L18 14 Z"
        fill="#fff"
        stroke={INK}
        strokeWidth="1.5"
      />
    </g>
  );
}

function FormScene({ active }: { active: 'vin' | 'customer' | 'add' }) {
  return (
    <>
      <text x="284" y="94" fill={INK} fontSize="15" fontWeight="700">
        New Referral
      </text>
      <text x="284" y="116" fill={MUTED} fontSize="11">
        Date Vehicle Sold: today
      </text>
      <Field y={138} label="VIN" value="1HGCM82633A004352" isActive={active === 'vin'} />
      <Field
        y={184}
        label="Customer Name"
        value={active === 'vin' ? undefined : 'Jane Doe'}
        isActive={active === 'customer'}
      />
      <Field
        y={230}
        label="Customer Email"
        value={active === 'vin' ? undefined : 'jane@example.com'}
        isActive={active === 'customer'}
      />
      <rect
        x="284"
        y="290"
        width="70"
        height="30"
        rx="5"
        fill={active === 'add' ? TEAL : '#adb5bd'}
        className={active === 'add' ? classes.highlight : undefined}
      />
      <text x="305" y="310" fill="#fff" fontSize="13" fontWeight="700">
        ADD
      </text>
      <rect x="364" y="290" width="84" height="30" rx="5" fill="#fff" stroke={LINE} />
      <text x="380" y="310" fill={INK} fontSize="13">
        CANCEL
      </text>
      {active === 'vin' && <Cursor x={545} y={160} />}
      {active === 'customer' && <Cursor x={545} y={252} />}
      {active === 'add' && (
        <>
          <Cursor x={330} y={306} />
          <g className={classes.scene}>
            <rect x="404" y="26" width="210" height="34" rx="6" fill="#fff" stroke={TEAL} strokeWidth="2" />
            <text x="416" y="48" fill={INK} fontSize="13" fontWeight="600">
              ✓ Sale Added to system
            </text>
          </g>
        </>
      )}
    </>
  );
}

type WalkthroughStep = { caption: string; scene: ReactNode };

/** The walkthrough, step by step: what to do, and a drawing of the screen as it looks then. */
export const helpSteps: WalkthroughStep[] = [
  {
    caption: 'Press New Referral at the top of the Referrals screen.',
    scene: (
      <>
        <rect
          x="486"
          y="20"
          width="126"
          height="28"
          rx="6"
          fill="#fff"
          stroke="#fff"
          strokeWidth="3"
          className={classes.highlight}
        />
        <text x="502" y="39" fill={TEAL} fontSize="13" fontWeight="700">
          + New Referral
        </text>
        <Cursor x={560} y={38} />
        <text x="360" y="210" fill={MUTED} fontSize="13">
          Select a referral, or add a new one.
        </text>
      </>
    ),
  },
  {
    caption: 'Type the 17-character VIN of the car you sold. It is checked as you type.',
    scene: <FormScene active="vin" />,
  },
  {
    caption: "Enter the customer's name and e-mail address.",
    scene: <FormScene active="customer" />,
  },
  {
    caption:
      "Press ADD. 'Sale Added to system' confirms it, and we e-mail the customer about protection options.",
    scene: <FormScene active="add" />,
  },
  {
    caption:
      'Follow the referral in the list: the days left for a specialist to claim it, its status and your bonus.',
    scene: (
      <>
        <rect
          x="24"
          y="76"
          width="220"
          height="52"
          rx="6"
          fill="#e6fcf5"
          stroke={TEAL}
          strokeWidth="3"
          className={classes.highlight}
        />
        <text x="34" y="98" fill={INK} fontSize="12" fontWeight="700">
          Jane Doe
        </text>
        <text x="34" y="118" fill={TEAL} fontSize="11" fontWeight="600">
          30 days remaining
        </text>
        <text x="284" y="100" fill={INK} fontSize="15" fontWeight="700">
          Referral
        </text>
        <rect x="284" y="114" width="320" height="52" rx="6" fill="#e7f5ff" />
        <text x="296" y="136" fill={INK} fontSize="12">
          Sale recorded. We are e-mailing Jane Doe.
        </text>
        <text x="296" y="154" fill={INK} fontSize="12">
          You earn a $25.00 bonus when the work is complete.
        </text>
      </>
    ),
  },
];

const firstStep = helpSteps[0] as WalkthroughStep;

/**
 * P19, 'How to Add a Referral': an animated walkthrough drawn in the app (no video host). It plays by itself
 * unless the viewer prefers reduced motion (then it stands still and waits for Next); arrow keys, Home and End
 * move through it, and every step has a caption.
 */
export function HelpVideoModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const prefersReducedMotion = useReducedMotion();
  const [step, setStep] = useState(0);
  const [isPlaying, setPlaying] = useState(false);
  const last = helpSteps.length - 1;
  const current = helpSteps[step] ?? firstStep;

  // Opening starts at the first step, playing unless motion is unwelcome.
  useEffect(() => {
    if (!opened) return;
    setStep(0);
    setPlaying(!prefersReducedMotion);
  }, [opened, prefersReducedMotion]);

  useEffect(() => {
    if (!opened || !isPlaying) return;
    if (step >= last) {
      setPlaying(false);
      return;
    }
    const timer = window.setTimeout(() => setStep((value) => Math.min(last, value + 1)), STEP_MS);
    return () => window.clearTimeout(timer);
  }, [opened, isPlaying, step, last]);

  function goTo(next: number) {
    setPlaying(false);
    setStep(Math.min(last, Math.max(0, next)));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = { ArrowRight: step + 1, ArrowLeft: step - 1, Home: 0, End: last };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    goTo(target);
  }

  function togglePlay() {
    if (isPlaying) setPlaying(false);
    else {
      if (step >= last) setStep(0);
      setPlaying(true);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="How to Add a Referral" size="lg" centered>
      <Stack gap="sm">
        <section
          className={classes.stage}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrow keys move through the steps here
          tabIndex={0}
          aria-roledescription="walkthrough"
          aria-label={`Step ${step + 1} of ${helpSteps.length}`}
          onKeyDown={handleKeyDown}
          data-testid="help-walkthrough"
        >
          <svg viewBox="0 0 640 360" role="img" aria-label={current.caption} key={step}>
            <Screen>
              <g className={classes.scene}>{current.scene}</g>
            </Screen>
          </svg>
        </section>
        <Text size="sm" aria-live={isPlaying ? 'off' : 'polite'} data-testid="help-caption">
          <Text span fw={700}>
            Step {step + 1} of {helpSteps.length}.
          </Text>{' '}
          {current.caption}
        </Text>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap={6} aria-hidden>
            {helpSteps.map((entry, index) => (
              <span
                key={entry.caption}
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  background: index === step ? TEAL : LINE,
                }}
              />
            ))}
          </Group>
          <Group gap="xs">
            <Button
              variant="default"
              size="compact-md"
              onClick={() => goTo(step - 1)}
              disabled={step === 0}
              leftSection={<IconChevronLeft size={16} aria-hidden />}
            >
              Previous
            </Button>
            <Button
              variant="default"
              size="compact-md"
              onClick={togglePlay}
              leftSection={
                isPlaying ? (
                  <IconPlayerPause size={16} aria-hidden />
                ) : (
                  <IconPlayerPlay size={16} aria-hidden />
                )
              }
            >
              {isPlaying ? 'Pause' : 'Play'}
            </Button>
            <Button
              size="compact-md"
              onClick={() => goTo(step + 1)}
              disabled={step === last}
              rightSection={<IconChevronRight size={16} aria-hidden />}
            >
              Next
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
