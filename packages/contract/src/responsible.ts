/**
 * Responsible trading on the wire (POST /api/xb/v1/responsible/…): the quiz, the leverage cap, the cooling-off,
 * as the server answers them and the app shows them. Types only.
 */
export interface ResponsibleStatus {
  /** the checks before futures and cycle orders apply on this installation */
  enforced: boolean;
  quizPassed: boolean;
  quizPassedAt: number | null;
  /** end of the cooling-off in force, else null */
  excludedUntil: number | null;
  /** the young-account cap in force, else null */
  leverageCap: { cap: number; days: number; until: number } | null;
  /** the questions in the caller's language (server messages `responsible.quiz.<id>.*`), without the answers */
  quiz: Array<{ id: string; text: string; options: Array<{ id: string; label: string }> }>;
}
