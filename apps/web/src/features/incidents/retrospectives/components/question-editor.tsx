import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import type { RetrospectiveAnswerState } from '@tocsin/contracts';
import { answerConflictOf, useAnswerRetrospectiveQuestion } from '../api/answer-retrospective-question';

interface Props {
  incidentId: string;
  questionId: string;
  prompt: string;
  answer: RetrospectiveAnswerState;
  editable: boolean;
  /** Tells the retrospective's room while this person types an answer. */
  setTyping: (typing: boolean) => void;
}

/**
 * One question and its answer, saved on its own with the revision it was edited from: when someone else saved
 * first, their answer is shown beside this one, to take theirs or to save this one on top knowingly. Another
 * person's saved answer replaces the shown one live only while this person has not changed it.
 */
export function QuestionEditor({ incidentId, questionId, prompt, answer, editable, setTyping }: Props) {
  const save = useAnswerRetrospectiveQuestion();
  const [draft, setDraft] = useState(answer.answer);
  const [base, setBase] = useState(answer.revision);
  const [theirs, setTheirs] = useState<RetrospectiveAnswerState | null>(null);
  const dirty = draft !== answer.answer || base !== answer.revision;
  const id = useId();

  // someone else's saved answer shows at once while this person has not started changing it
  useEffect(() => {
    if (draft === '' || draft.trim() === answer.answer.trim() || base === answer.revision) {
      setDraft(answer.answer);
      setBase(answer.revision);
    }
  }, [answer.answer, answer.revision]);

  const submit = (revision: number) =>
    save.mutate(
      { incidentId, questionId, answer: draft, revision },
      {
        onSuccess: (retrospective) => {
          setTyping(false);
          const saved = retrospective.answers.find((a) => a.question_id === questionId);
          setTheirs(null);
          if (saved) {
            setDraft(saved.answer);
            setBase(saved.revision);
          }
        },
        onError: (error) => setTheirs(answerConflictOf(error)),
      },
    );

  return (
    <Stack gap={6} data-testid={`question-${questionId}`}>
      <Text fw={600} id={id} style={{ overflowWrap: 'anywhere' }}>
        {prompt}
      </Text>
      {editable ? (
        <>
          <Textarea
            aria-labelledby={id}
            autosize
            minRows={2}
            value={draft}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDraft(value);
              setTyping(value !== answer.answer);
            }}
            onBlur={() => setTyping(false)}
          />
          {theirs && (
            <Alert color="yellow" title="Someone else answered this question first" data-testid="answer-conflict">
              <Stack gap="xs">
                <Text size="sm">{theirs.answered_by_name ?? 'Someone'} saved this answer while you were editing:</Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="their-answer">
                  {theirs.answer || '(no answer)'}
                </Text>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => {
                      setDraft(theirs.answer);
                      setBase(theirs.revision);
                      setTheirs(null);
                      save.reset();
                    }}
                  >
                    Use theirs
                  </Button>
                  <Button size="xs" onClick={() => submit(theirs.revision)}>
                    Save mine on top
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          {save.isError && !theirs && <ErrorAlert error={save.error} title="The answer was not saved" />}
          <Group gap="xs">
            <Button size="xs" onClick={() => submit(base)} loading={save.isPending} disabled={!dirty || !!theirs}>
              Save answer
            </Button>
            {save.isSuccess && !dirty && (
              <Text size="xs" c="dimmed" role="status">
                Saved
              </Text>
            )}
          </Group>
        </>
      ) : (
        <Text
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          c={answer.answer ? undefined : 'dimmed'}
          fs={answer.answer ? undefined : 'italic'}
        >
          {answer.answer || 'No answer yet.'}
        </Text>
      )}
    </Stack>
  );
}
