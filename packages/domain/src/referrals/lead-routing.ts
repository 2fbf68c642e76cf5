/**
 * Which specialists a referral lead is offered to, nearest first (issue 11, decision 010). Without a geocoder
 * the ZIP is the measure: the same ZIP, then the same 3-digit sectional centre, then the same state, each
 * ordered by how far apart the ZIP numbers are (ZIPs are laid out geographically within a state).
 */
export type RoutingCandidate = { id: number; zip: string; state: string | null };
export type RankedCandidate<T extends RoutingCandidate> = T & { distanceScore: number };

/** At most this many specialists are offered one lead. */
export const MAX_LEAD_OFFERS = 10;
/** When nobody serves the customer's state, the lead still goes to the nearest few. */
export const FALLBACK_LEAD_OFFERS = 3;

function zipNumber(zip: string): number | null {
  const match = /^(\d{5})/.exec(zip.trim());
  return match ? Number(match[1]) : null;
}

/** 0 same ZIP, 1 same sectional centre, 2 same state, 3 elsewhere; plus the ZIP gap as a fraction. */
function score(
  lead: { zip: number; state: string | null },
  c: { zip: number; state: string | null },
): number {
  const gap = Math.abs(lead.zip - c.zip);
  const tier =
    gap === 0
      ? 0
      : Math.floor(lead.zip / 100) === Math.floor(c.zip / 100)
        ? 1
        : lead.state !== null && lead.state === c.state
          ? 2
          : 3;
  return tier + gap / 100_000;
}

export function rankLeadCandidates<T extends RoutingCandidate>(
  lead: { zip: string; state: string | null },
  candidates: readonly T[],
): RankedCandidate<T>[] {
  const leadZip = zipNumber(lead.zip);
  if (leadZip === null) return [];
  const ranked = candidates
    .flatMap((c) => {
      const zip = zipNumber(c.zip);
      return zip === null
        ? []
        : [{ ...c, distanceScore: score({ zip: leadZip, state: lead.state }, { zip, state: c.state }) }];
    })
    .sort((a, b) => a.distanceScore - b.distanceScore || a.id - b.id);
  const serving = ranked.filter((c) => c.distanceScore < 3).slice(0, MAX_LEAD_OFFERS);
  return serving.length > 0 ? serving : ranked.slice(0, FALLBACK_LEAD_OFFERS);
}
