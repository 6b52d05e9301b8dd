package io.structbridge.benchmarks;

/**
 * Data sizes of the benchmarks, small in the smoke run.
 *
 * <p>{@code mvn verify} runs every benchmark method once ({@code BenchmarkSmokeTest}, in-process, one single-shot
 * iteration) to catch benchmarks that throw; it sets the system property {@value #PROPERTY} to {@code true}
 * before any benchmark class is loaded. Sizes that are JMH {@code @Param}s are overridden in the smoke run's
 * options instead; fixed sizes go through {@link #rows(int)}. Real measurements never set the property.
 */
public final class Sizes {
    /** The system property that selects smoke sizes: {@value}. */
    public static final String PROPERTY = "structbridge.benchmarks.smoke";
    /** The most records any data set holds in the smoke run: {@value}. */
    public static final int SMOKE_ROWS = 1000;

    private Sizes() {}

    /** {@return whether this is the smoke run} */
    public static boolean smoke() {
        return Boolean.getBoolean(PROPERTY);
    }

    /**
     * {@return {@code full}, or at most {@link #SMOKE_ROWS} in the smoke run}
     *
     * @param full the size the measurements use
     */
    public static int rows(int full) {
        return smoke() ? Math.min(full, SMOKE_ROWS) : full;
    }
}
