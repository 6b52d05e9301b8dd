package io.structbridge.runtime;

import java.util.Objects;

/**
 * One layout version of a struct: the layout of the record's members whose {@code @Since} is at most
 * {@code version}. Members are only ever appended, so version {@code k}'s members sit at the same offsets in
 * every later version; a struct file records the lineage (versions 1 to its own) it was written with, and a
 * reader accepts a file whose lineage and its own agree on every version both have (see {@link StructFile}).
 *
 * @param version the layout version, at least 1
 * @param size the size in bytes of that version's struct ({@code sizeof}), at least 1
 * @param alignment the alignment in bytes of that version's struct ({@code _Alignof}), a power of two
 * @param fingerprint that version's layout fingerprint: 32 lower-case hex digits (see {@link StructType#fingerprint()})
 */
public record LayoutVersion(int version, long size, long alignment, String fingerprint) implements java.io.Serializable {
    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException if {@code version} or {@code size} is below 1, or {@code alignment} is not
     *     a power of two
     * @throws NullPointerException if {@code fingerprint} is null
     */
    public LayoutVersion {
        Objects.requireNonNull(fingerprint, "fingerprint");
        if (version < 1) {
            throw new IllegalArgumentException("layout version " + version + " is below 1");
        }
        if (size < 1) {
            throw new IllegalArgumentException("layout version " + version + ": size " + size + " bytes is below 1");
        }
        if (alignment < 1 || Long.bitCount(alignment) != 1) {
            throw new IllegalArgumentException("layout version " + version + ": alignment " + alignment
                    + " bytes is not a power of two");
        }
    }

    /** {@return "version V (fingerprint FP, size S, alignment A)"} */
    @Override
    public String toString() {
        return "version " + version + " (fingerprint " + fingerprint + ", size " + size + ", alignment " + alignment + ")";
    }
}
