import Button from 'antd-mobile/es/components/button';
import { ActionButton } from '../../../components/ActionButton.tsx';
import Selector from 'antd-mobile/es/components/selector';
import Toast from 'antd-mobile/es/components/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { formatDateTime } from '../../referral/model/dates.ts'; // referral feature: dates in the reader's language
import {
  COOLING_OFF_PERIODS,
  PERIOD_MS,
  responsibleKey,
  responsibleQuery,
  setCoolingOff,
  submitQuiz,
  type CoolingOffPeriod,
} from '../api/responsible.ts';
import type { ResponsibleStatus } from '@tidemark/contract/responsible';
import { confirmDialog } from '../../../lib/feedback.ts';
import '../components/responsible.css';

/**
 * /mine/responsible: the risk quiz (needed before the first futures or cycle order), the leverage cap of a new
 * account, and the cooling-off that pauses new futures positions and cycle contracts — never closing or
 * withdrawing, and never shortened once set.
 */
export default signedInPage('responsible', ResponsibleScreen);

function ResponsibleScreen() {
  const { t, i18n } = useTranslation('responsible');
  const status = useQuery(responsibleQuery(i18n.language));
  if (!status.data) return <LoadState of={[status]} />;
  const s = status.data;
  return (
    <div className="page-stack" data-testid="responsible-page">
      <QuizCard status={s} />
      {s.leverageCap ? (
        <section className="stack-card rsp-card" data-testid="responsible-cap">
          <h2>{t('cap.title')}</h2>
          <p className="rsp-muted">
            {t('cap.text', {
              cap: s.leverageCap.cap,
              days: s.leverageCap.days,
              until: formatDateTime(s.leverageCap.until, i18n.language),
            })}
          </p>
        </section>
      ) : null}
      <CoolingOffCard status={s} />
    </div>
  );
}

function QuizCard({ status }: { status: ResponsibleStatus }) {
  const { t, i18n } = useTranslation('responsible');
  const client = useQueryClient();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  // why each wrong answer was wrong, in the language the quiz was sent in
  const [wrong, setWrong] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  if (status.quizPassed) {
    return (
      <section className="stack-card rsp-card" data-testid="quiz-passed">
        <h2>{t('quiz.title')}</h2>
        {status.quizPassedAt !== null ? (
          <span className="rsp-ok">
            {t('quiz.passed', { time: formatDateTime(status.quizPassedAt, i18n.language) })}
          </span>
        ) : null}
      </section>
    );
  }
  const complete = status.quiz.every((q) => answers[q.id]);
  const submit = async () => {
    setBusy(true);
    try {
      const r = await submitQuiz(answers);
      setWrong(r.explanations);
      client.setQueryData(responsibleKey(i18n.language), r.status);
      Toast.show({ content: t(r.passed ? 'quiz.passedToast' : 'quiz.failedToast') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="stack-card rsp-card" data-testid="quiz">
      <h2>{t('quiz.title')}</h2>
      <p className="rsp-muted">{t('quiz.intro')}</p>
      {status.quiz.map((q, i) => (
        <div className="rsp-question" key={q.id} data-testid={`quiz-${q.id}`}>
          <div className="rsp-question__text">
            {i + 1}. {q.text}
          </div>
          <Selector
            columns={1}
            value={answers[q.id] ? [answers[q.id]!] : []}
            onChange={(v) => v[0] && setAnswers((a) => ({ ...a, [q.id]: v[0]! }))}
            options={q.options.map((o) => ({ label: o.label, value: o.id }))}
          />
          {wrong[q.id] ? (
            <p className="rsp-why" data-testid={`quiz-why-${q.id}`}>
              {wrong[q.id]}
            </p>
          ) : null}
        </div>
      ))}
      <ActionButton color="primary" block disabled={!complete} busy={busy} onAction={submit} testId="quiz-submit">
        {t('quiz.submit')}
      </ActionButton>
    </section>
  );
}

function CoolingOffCard({ status }: { status: ResponsibleStatus }) {
  const { t, i18n } = useTranslation('responsible');
  const client = useQueryClient();
  const [period, setPeriod] = useState<CoolingOffPeriod>('24h');
  const [busy, setBusy] = useState(false);
  const fmt = (ms: number) => formatDateTime(ms, i18n.language);
  const start = async () => {
    const ok = await confirmDialog({
      title: t('coolingOff.confirmTitle'),
      content: t('coolingOff.confirmText', { until: fmt(Date.now() + PERIOD_MS[period]) }),
      confirmText: t('coolingOff.confirm'),
      cancelText: t('coolingOff.cancel'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      client.setQueryData(responsibleKey(i18n.language), await setCoolingOff(period));
      Toast.show({ content: t('coolingOff.started') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="stack-card rsp-card" data-testid="cooling-off">
      <h2>{t('coolingOff.title')}</h2>
      {status.excludedUntil ? (
        <span className="rsp-ok" data-testid="cooling-off-until">
          {t('coolingOff.activeUntil', { until: fmt(status.excludedUntil) })}
        </span>
      ) : null}
      <p className="rsp-muted">{t('coolingOff.text')}</p>
      <p className="rsp-muted">{t('coolingOff.notAffected')}</p>
      <Selector
        columns={3}
        value={[period]}
        onChange={(v) => v[0] && setPeriod(v[0])}
        options={COOLING_OFF_PERIODS.map((p) => ({ label: t(`coolingOff.period.${p}`), value: p }))}
      />
      <Button color="danger" block loading={busy} onClick={() => void start()} data-testid="cooling-off-start">
        {t(status.excludedUntil ? 'coolingOff.extend' : 'coolingOff.start')}
      </Button>
    </section>
  );
}
