import { VIEW_NAMES } from '@tocsin/contracts';
import * as readModels from '@tocsin/read-models';
import { PROJECTIONS } from '.';

const definitions = Object.values(readModels).filter(
  (value): value is { name: string; collection: string } =>
    typeof value === 'object' && value !== null && 'collection' in value,
);

describe('the registered projections', () => {
  it('fill exactly the views libs/contracts names, one projection each', () => {
    expect(PROJECTIONS.map((p) => p.name).sort()).toEqual([...VIEW_NAMES].sort());
  });

  it('each write the collection its read model reads', () => {
    for (const projection of PROJECTIONS) {
      expect(definitions.find((d) => d.name === projection.name)?.collection).toBe(projection.collection);
    }
  });
});
