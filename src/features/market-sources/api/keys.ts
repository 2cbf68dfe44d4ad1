// One key factory for the feature (one answer today; a factory so the shape matches the other features).
export const marketSourcesKeys = {
  all: ['market-sources'] as const,
};
