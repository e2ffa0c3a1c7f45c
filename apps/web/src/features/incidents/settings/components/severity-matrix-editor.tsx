import { Button, Group, NativeSelect, Stack, Table, TextInput, VisuallyHidden } from '@mantine/core';
import type { IncidentSettingsResource, SeverityMatrixResource } from '@tocsin/contracts';
import { fieldErrorsOf, messagesUnder } from '../lib/field-errors';
import { usePartDraft } from '../lib/use-part-draft';
import { SaveBar, SaveFailure } from './settings-part-page';

const AXIS_MAX = 10;

/**
 * Impact x likelihood -> severity as a grid: a row per impact, a column per likelihood, a select in each cell
 * named by both. The axes are renamed, added to and removed from in place.
 */
export function SeverityMatrixEditor({
  settings,
  canManage,
}: {
  settings: IncidentSettingsResource;
  canManage: boolean;
}) {
  const { draft, setDraft, dirty, reload, submit, save } = usePartDraft<SeverityMatrixResource>(
    'severityMatrix',
    settings.severity_matrix,
    settings.revisions.severity_matrix,
  );
  const errors = fieldErrorsOf(save.error);
  const severityName = new Map(settings.severities.map((severity) => [severity.id, severity.name]));
  const options = [
    { value: '', label: 'Not set' },
    ...settings.severities.map((severity) => ({ value: severity.id, label: severity.name })),
  ];
  const impactLabel = (i: number) => draft.impacts[i] || `impact ${i + 1}`;
  const likelihoodLabel = (j: number) => draft.likelihoods[j] || `likelihood ${j + 1}`;

  const rename = (axis: 'impacts' | 'likelihoods', index: number, name: string) =>
    setDraft((m) => ({ ...m, [axis]: m[axis].map((value, i) => (i === index ? name : value)) }));
  const setCell = (i: number, j: number, value: string) =>
    setDraft((m) => ({
      ...m,
      cells: m.cells.map((row, r) => (r === i ? row.map((cell, c) => (c === j ? value || null : cell)) : row)),
    }));
  const addImpact = () =>
    setDraft((m) => ({ ...m, impacts: [...m.impacts, ''], cells: [...m.cells, m.likelihoods.map(() => null)] }));
  const addLikelihood = () =>
    setDraft((m) => ({ ...m, likelihoods: [...m.likelihoods, ''], cells: m.cells.map((row) => [...row, null]) }));
  const removeImpact = (index: number) =>
    setDraft((m) => ({
      ...m,
      impacts: m.impacts.filter((_, i) => i !== index),
      cells: m.cells.filter((_, i) => i !== index),
    }));
  const removeLikelihood = (index: number) =>
    setDraft((m) => ({
      ...m,
      likelihoods: m.likelihoods.filter((_, j) => j !== index),
      cells: m.cells.map((row) => row.filter((_, j) => j !== index)),
    }));

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={canManage ? 560 : 320}>
        <Table withTableBorder withColumnBorders aria-label="Severity matrix" data-testid="severity-matrix">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                Impact <span aria-hidden>↓</span> / likelihood <span aria-hidden>→</span>
              </Table.Th>
              {draft.likelihoods.map((likelihood, j) => (
                <Table.Th key={j} scope="col">
                  {canManage ? (
                    <Stack gap={4}>
                      <TextInput
                        aria-label={`Likelihood ${j + 1}`}
                        value={likelihood}
                        error={messagesUnder(errors, `likelihoods[${j}]`)}
                        onChange={(event) => rename('likelihoods', j, event.currentTarget.value)}
                      />
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        disabled={draft.likelihoods.length <= 1}
                        onClick={() => removeLikelihood(j)}
                      >
                        Remove<VisuallyHidden> likelihood {likelihoodLabel(j)}</VisuallyHidden>
                      </Button>
                    </Stack>
                  ) : (
                    likelihood
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.impacts.map((impact, i) => (
              <Table.Tr key={i}>
                <Table.Th scope="row">
                  {canManage ? (
                    <Stack gap={4}>
                      <TextInput
                        aria-label={`Impact ${i + 1}`}
                        value={impact}
                        error={messagesUnder(errors, `impacts[${i}]`)}
                        onChange={(event) => rename('impacts', i, event.currentTarget.value)}
                      />
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        disabled={draft.impacts.length <= 1}
                        onClick={() => removeImpact(i)}
                      >
                        Remove<VisuallyHidden> impact {impactLabel(i)}</VisuallyHidden>
                      </Button>
                    </Stack>
                  ) : (
                    impact
                  )}
                </Table.Th>
                {draft.likelihoods.map((_, j) => {
                  const cell = draft.cells[i]?.[j] ?? null;
                  return (
                    <Table.Td key={j}>
                      {canManage ? (
                        <NativeSelect
                          aria-label={`Severity when impact is ${impactLabel(i)} and likelihood is ${likelihoodLabel(j)}`}
                          data={options}
                          value={cell ?? ''}
                          error={messagesUnder(errors, `cells[${i}][${j}]`)}
                          onChange={(event) => setCell(i, j, event.currentTarget.value)}
                        />
                      ) : (
                        (cell && severityName.get(cell)) || 'Not set'
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {canManage && (
        <Group>
          <Button variant="default" onClick={addImpact} disabled={draft.impacts.length >= AXIS_MAX}>
            Add impact
          </Button>
          <Button variant="default" onClick={addLikelihood} disabled={draft.likelihoods.length >= AXIS_MAX}>
            Add likelihood
          </Button>
        </Group>
      )}
      <SaveFailure
        error={save.error}
        onReload={reload}
        placed={(field) => /^(impacts|likelihoods)\[\d+\]$|^cells\[\d+\]\[\d+\]$/.test(field)}
      />
      <SaveBar
        canManage={canManage}
        dirty={dirty}
        saving={save.isPending}
        onSave={() => submit(draft)}
        onDiscard={reload}
      />
    </Stack>
  );
}
