import type { Cents } from '@app/domain/shared/money';
import { Group, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { formatCents } from './financial-format';

/** One bucket: its label and the two series' values, in the order of `seriesNames`. */
export type RevenuePoint = { label: string; values: readonly [Cents, Cents] };

const HEIGHT = 160;
const BAR_GAP = 4;
const seriesColors = ['var(--mantine-color-teal-7)', 'var(--mantine-color-blue-7)'] as const;

/** A rounded-up top for the scale: 1, 2 or 5 times a power of ten (in cents), so the grid reads well. */
export function computeScaleTop(maxCents: number): number {
  if (maxCents <= 0) return 100;
  const power = 10 ** Math.floor(Math.log10(maxCents));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= maxCents) ?? 10;
  return step * power;
}

/**
 * Earned and paid per day, week or month of the range, as grouped bars (no chart library: @mantine/charts is
 * not installed and two series of bars do not need one). The picture is decorative for screen readers; the
 * same figures are in a table they read instead.
 */
export function RevenueChart({
  points,
  periodName,
  seriesNames,
}: {
  points: readonly RevenuePoint[];
  periodName: string;
  seriesNames: readonly [string, string];
}) {
  const series = seriesNames.map((name, index) => ({ name, index, color: seriesColors[index] }));
  const titleId = useId();
  const top = computeScaleTop(Math.max(0, ...points.flatMap((point) => [...point.values])));
  const groupWidth = 100 / Math.max(points.length, 1);
  // At most six labels, so each has room on a phone.
  const labelEvery = Math.ceil(points.length / 6);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h5" id={titleId}>
          Revenue by {periodName}
        </Title>
        <Group gap="md" aria-hidden>
          {series.map((item) => (
            <Group gap={6} key={item.name}>
              <span style={{ width: 12, height: 12, borderRadius: 2, background: item.color }} />
              <Text size="sm">{item.name}</Text>
            </Group>
          ))}
        </Group>
      </Group>
      <Group gap={8} align="stretch" wrap="nowrap" aria-hidden>
        <Text size="xs" c="gray.7" style={{ alignSelf: 'flex-start', whiteSpace: 'nowrap' }}>
          {formatCents(top)}
        </Text>
        <div style={{ flex: 1, minWidth: 0 }}>
          <svg
            viewBox={`0 0 100 ${HEIGHT}`}
            preserveAspectRatio="none"
            width="100%"
            height={HEIGHT}
            role="presentation"
            style={{ display: 'block', borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <line x1={0} x2={100} y1={HEIGHT / 2} y2={HEIGHT / 2} stroke="#dee2e6" strokeWidth={0.3} />
            {points.map((point, index) =>
              series.map((item, seriesIndex) => {
                const height = ((point.values[item.index] ?? 0) / top) * (HEIGHT - 4);
                const barWidth = (groupWidth - (groupWidth * BAR_GAP) / 10) / 2;
                const x = index * groupWidth + (groupWidth * BAR_GAP) / 20 + seriesIndex * barWidth;
                return (
                  <rect
                    key={`${point.label}-${item.name}`}
                    x={x}
                    width={barWidth}
                    y={HEIGHT - height}
                    height={height}
                    fill={item.color}
                  />
                );
              }),
            )}
          </svg>
          <div style={{ display: 'flex' }}>
            {points
              .filter((_, index) => index % labelEvery === 0)
              .map((point) => (
                <Text
                  key={point.label}
                  size="xs"
                  c="gray.7"
                  style={{
                    flex: `0 0 ${groupWidth * labelEvery}%`,
                    overflow: 'hidden',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {point.label}
                </Text>
              ))}
          </div>
        </div>
      </Group>
      <VisuallyHidden>
        <table>
          <caption>
            {seriesNames.join(' and ')} by {periodName}
          </caption>
          <thead>
            <tr>
              <th scope="col">
                {periodName[0]?.toUpperCase()}
                {periodName.slice(1)}
              </th>
              {seriesNames.map((name) => (
                <th scope="col" key={name}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.label}>
                <th scope="row">{point.label}</th>
                {point.values.map((value, index) => (
                  <td key={seriesNames[index]}>{formatCents(value)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Paper>
  );
}
