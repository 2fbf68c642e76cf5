export type ExportWeekButtonProps = {
  installerId: number;
  view: 'day' | 'week' | 'month';
  /** First day of the week shown, 'YYYY-MM-DD'. */
  weekStart: string;
};

/** Export Week: the week's A4 PDF (week view only, M141; M134 on failure; issue 12). Not built yet. */
export function ExportWeekButton(_props: ExportWeekButtonProps) {
  return null;
}
