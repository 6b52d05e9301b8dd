package io.structbridge.spark;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * The options of a read, checked once on the driver.
 *
 * @param path the struct file, absolute (executors resolve nothing against their own working directory)
 * @param typeName the record class or its generated {@code RStruct} class, fully qualified
 * @param rowsPerSplit structs per input partition, or 0 for the default (see {@link #splitRows})
 * @param batchRows structs per columnar batch
 * @param pushDown whether filters and aggregates may be pushed into the reader (option {@code pushDown}, default true;
 *     false hands every predicate and aggregate to Spark, as before pushdown existed)
 */
record ReadOptions(String path, String typeName, long rowsPerSplit, int batchRows, boolean pushDown) implements Serializable {
    /** Option naming the struct type. */
    static final String TYPE = "type";
    /** Option: structs per split. */
    static final String ROWS_PER_SPLIT = "rowsPerSplit";
    /** Option: structs per columnar batch. */
    static final String BATCH_ROWS = "batchRows";
    /** Option: whether filters and aggregates are pushed into the reader ({@code true} or {@code false}). */
    static final String PUSH_DOWN = "pushDown";
    /** The default structs per columnar batch (Spark's own columnar readers use 4096). */
    static final int DEFAULT_BATCH_ROWS = 4096;
    /** The default bytes per split when {@code rowsPerSplit} is not given ({@code spark.sql.files.maxPartitionBytes}' default). */
    static final long DEFAULT_SPLIT_BYTES = 128L << 20;

    /**
     * {@return the options read from a case-insensitive view of Spark's option map}
     *
     * @throws IllegalArgumentException naming the option if one is missing or out of range
     */
    static ReadOptions from(Map<String, String> options) {
        Map<String, String> o = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        o.putAll(options);
        if (o.containsKey("paths") && !o.get("paths").equals("[]")) {
            throw new IllegalArgumentException("structbridge reads one struct file per load(path); got paths " + o.get("paths"));
        }
        String path = o.get("path");
        if (path == null || path.isBlank()) {
            throw new IllegalArgumentException("structbridge: no struct file given: use load(\"/path/to/file.sb\")");
        }
        String type = o.get(TYPE);
        if (type == null || type.isBlank()) {
            throw new IllegalArgumentException("structbridge: " + path + ": option \"type\" is missing: give the fully qualified"
                    + " record class (or its generated RStruct class) of the structs in the file");
        }
        long rows = number(o, ROWS_PER_SPLIT, 0);
        long batch = number(o, BATCH_ROWS, DEFAULT_BATCH_ROWS);
        if (batch > 1 << 24) {
            throw new IllegalArgumentException("structbridge: option batchRows " + batch + " is larger than 16777216");
        }
        String push = o.getOrDefault(PUSH_DOWN, "true").strip();
        if (!push.equalsIgnoreCase("true") && !push.equalsIgnoreCase("false")) {
            throw new IllegalArgumentException("structbridge: option pushDown must be true or false, got \"" + push + "\"");
        }
        return new ReadOptions(localPath(path), type.strip(), rows, (int) batch, Boolean.parseBoolean(push));
    }

    private static long number(Map<String, String> o, String key, long absent) {
        String v = o.get(key);
        if (v == null) {
            return absent;
        }
        try {
            long n = Long.parseLong(v.strip());
            if (n < 1) {
                throw new IllegalArgumentException("structbridge: option " + key + " must be at least 1, got " + v);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("structbridge: option " + key + " is not a whole number: \"" + v + "\"", e);
        }
    }

    /** {@return {@code path} as an absolute local path; {@code file:} URIs accepted, other schemes refused} */
    private static String localPath(String path) {
        String p = path.strip();
        if (p.regionMatches(true, 0, "file:", 0, 5)) {
            return Path.of(java.net.URI.create(p)).toAbsolutePath().normalize().toString();
        }
        int colon = p.indexOf(':');
        int slash = p.indexOf('/');
        if (colon > 1 && (slash < 0 || colon < slash)) {
            throw new IllegalArgumentException("structbridge: " + p + ": struct files are mapped into memory, so the path must"
                    + " be on a local or shared POSIX file system (scheme " + p.substring(0, colon).toLowerCase(Locale.ROOT)
                    + " is not one); copy the file there or mount it");
        }
        return Path.of(p).toAbsolutePath().normalize().toString();
    }

    /** The fewest bytes a default split holds ({@code spark.sql.files.openCostInBytes}' default): small files stay one split. */
    static final long MIN_SPLIT_BYTES = 4L << 20;

    /**
     * {@return the structs per split: the option, or by default as Spark's own file sources cut files: as many as fit
     * 128 MiB, but no more than an even share of the file over {@code parallelism} cores (so a file of under
     * {@code 128 MiB * parallelism} still keeps every core busy), and no fewer than fit 4 MiB; at least 1}
     *
     * @param stride the bytes per struct
     * @param count the structs in the file
     * @param parallelism the cores Spark schedules tasks on ({@code SparkContext.defaultParallelism})
     */
    long splitRows(long stride, long count, int parallelism) {
        if (rowsPerSplit > 0) {
            return rowsPerSplit;
        }
        long s = Math.max(1, stride);
        long share = (count + Math.max(1, parallelism) - 1) / Math.max(1, parallelism);
        long rows = Math.min(DEFAULT_SPLIT_BYTES / s, Math.max(MIN_SPLIT_BYTES / s, share));
        return Math.max(1, rows);
    }
}
