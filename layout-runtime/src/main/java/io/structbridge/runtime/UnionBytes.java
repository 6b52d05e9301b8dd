package io.structbridge.runtime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.HexFormat;

/**
 * How a whole {@code @Union} record value becomes bytes (generated {@code RStruct.write} of a union). Each member
 * holds some bits of the union: its scalars, enums, pointers, arrays and bit-fields at any depth, and its text up to
 * and including the first NUL (the whole capacity when there is none); padding and the bytes of text after its NUL
 * are held by no member. The value's bytes are every member stored alone over zeros, merged over the bits it holds
 * (members later in component order over earlier ones); a byte image C wrote, read as a record and written back,
 * is the same image: text that ends early no longer erases what another member holds after its NUL. Bits no member
 * holds keep the target's previous bits. Generated code checks that every member then reads back as given.
 *
 * <p>Thread-safe (immutable); {@link Merge} is not.
 */
public final class UnionBytes {
    private final int size;
    private final byte[][] bits;
    private final int[][] texts;

    /**
     * Creates the masks of one union.
     *
     * @param size the union's size in bytes
     * @param bits per member, the bits of its non-text leaves as hex (two digits per byte of the union)
     * @param texts per member, its text leaves as pairs (byte offset, capacity in bytes)
     * @throws IllegalArgumentException if the masks do not match {@code size} or a text lies outside the union
     */
    public UnionBytes(long size, String[] bits, int[][] texts) {
        this.size = Math.toIntExact(size);
        if (bits.length != texts.length) {
            throw new IllegalArgumentException(bits.length + " masks, " + texts.length + " text lists");
        }
        this.bits = new byte[bits.length][];
        this.texts = new int[texts.length][];
        for (int m = 0; m < bits.length; m++) {
            this.bits[m] = HexFormat.of().parseHex(bits[m]);
            this.texts[m] = texts[m].clone();
            if (this.bits[m].length != this.size || this.texts[m].length % 2 != 0) {
                throw new IllegalArgumentException("member " + m + ": mask of " + this.bits[m].length + " bytes for a union of " + size);
            }
            for (int i = 0; i < this.texts[m].length; i += 2) {
                if (this.texts[m][i] < 0 || this.texts[m][i + 1] < 1 || this.texts[m][i] + this.texts[m][i + 1] > this.size) {
                    throw new IllegalArgumentException("member " + m + ": text at " + this.texts[m][i] + " outside the union");
                }
            }
        }
    }

    /**
     * Which member refuses the union at {@code offset}, given the members that do not read its bytes validly (an
     * invalid bool byte, text without NUL or not UTF-8, an unknown enum code, ...). A member that does not read is
     * absent from the record (null, or zero / {@code false} when primitive), which loses nothing when every bit it
     * holds in these bytes (its text up to its NUL, or the whole capacity without one) is held by a member that
     * reads: then the record is written back as the same image. Otherwise the bytes are refused by the first
     * member (component order) that does not read and holds a bit no reading member holds; when no member reads,
     * that is the first member that does not read.
     *
     * @param segment the segment
     * @param offset the byte offset of the union
     * @param failed per member (component order), non-null when it does not read
     * @return the index of the refusing member, or -1 when the bytes read
     */
    public int refusing(MemorySegment segment, long offset, Object[] failed) {
        byte[] covered = new byte[size];
        int firstFailed = -1;
        boolean anyReads = false;
        for (int m = 0; m < bits.length; m++) {
            if (failed[m] == null) {
                anyReads = true;
                byte[] h = held(segment, offset, m);
                for (int k = 0; k < size; k++) {
                    covered[k] |= h[k];
                }
            } else if (firstFailed < 0) {
                firstFailed = m;
            }
        }
        if (!anyReads) {
            return firstFailed;
        }
        for (int m = 0; m < bits.length; m++) {
            if (failed[m] != null) {
                byte[] h = held(segment, offset, m);
                for (int k = 0; k < size; k++) {
                    if ((h[k] & ~covered[k]) != 0) {
                        return m;
                    }
                }
            }
        }
        return -1;
    }

    /** {@return the bits member {@code m} holds in the union at {@code offset}: its non-text bits, its texts up to the NUL} */
    private byte[] held(MemorySegment segment, long offset, int m) {
        byte[] mask = bits[m].clone();
        int[] t = texts[m];
        for (int i = 0; i < t.length; i += 2) {
            int end = t[i] + t[i + 1];
            for (int k = t[i]; k < end; k++) {
                mask[k] = (byte) 0xff;
                if (segment.get(ValueLayout.JAVA_BYTE, offset + k) == 0) {
                    break;
                }
            }
        }
        return mask;
    }

    /** {@return a new, empty merge of this union's members} */
    public Merge merge() {
        return new Merge();
    }

    /** The merge of one value's members: store each member into {@link #scratch()}, then {@link #add} it. */
    public final class Merge {
        private final byte[] merged = new byte[size];
        private final byte[] held = new byte[size];
        private final byte[] member = new byte[size];
        private final MemorySegment scratch = MemorySegment.ofArray(member);

        private Merge() {}

        /** {@return the scratch segment of {@code size} bytes, zeroed: store one member at offset 0 into it} */
        public MemorySegment scratch() {
            java.util.Arrays.fill(member, (byte) 0);
            return scratch;
        }

        /**
         * Takes the bits member {@code index} holds from the scratch segment.
         *
         * @param index the member's index in component order
         * @return this merge
         */
        public Merge add(int index) {
            byte[] mask = bits[index].clone();
            int[] t = texts[index];
            for (int i = 0; i < t.length; i += 2) {
                int end = t[i] + t[i + 1];
                for (int k = t[i]; k < end; k++) {
                    mask[k] = (byte) 0xff;
                    if (member[k] == 0) {
                        break; // the NUL ends the text: the bytes after it are not this text's
                    }
                }
            }
            for (int k = 0; k < size; k++) {
                merged[k] = (byte) ((merged[k] & ~mask[k]) | (member[k] & mask[k]));
                held[k] |= mask[k];
            }
            return this;
        }

        /** {@return the merged bytes (a heap segment of {@code size} bytes; bits no member holds are zero)} */
        public MemorySegment bytes() {
            return MemorySegment.ofArray(merged.clone());
        }

        /**
         * Stores the merged bits into the union at {@code offset}; bits no member holds keep their values.
         *
         * @param segment the segment
         * @param offset the byte offset of the union
         */
        public void storeInto(MemorySegment segment, long offset) {
            for (int k = 0; k < size; k++) {
                int h = held[k] & 0xff;
                if (h == 0xff) {
                    segment.set(ValueLayout.JAVA_BYTE, offset + k, merged[k]);
                } else if (h != 0) {
                    byte old = segment.get(ValueLayout.JAVA_BYTE, offset + k);
                    segment.set(ValueLayout.JAVA_BYTE, offset + k, (byte) ((old & ~h) | (merged[k] & h)));
                }
            }
        }
    }
}
