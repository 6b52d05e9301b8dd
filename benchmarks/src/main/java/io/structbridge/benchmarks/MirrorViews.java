package io.structbridge.benchmarks;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * Hand-made copies of the generated {@code TickView}, each with one difference, for the
 * {@code diag*} benchmarks that attribute the cost of the generated view to its parts.
 */
final class MirrorViews {
    private MirrorViews() {}

    /** Same as the generated TickView: mutable segment and offset, checkFromIndexSize in wrap. */
    static final class Same {
        private MemorySegment segment;
        private long offset;

        Same wrap(MemorySegment s, long off) {
            Objects.checkFromIndexSize(off, TickStruct.SIZE, s.byteSize());
            this.segment = s;
            this.offset = off;
            return this;
        }

        int id() { return TickStruct.id(segment, offset); }
        long timestamp() { return TickStruct.timestamp(segment, offset); }
        double price() { return TickStruct.price(segment, offset); }
        float qty() { return TickStruct.qty(segment, offset); }
        short venue() { return TickStruct.venue(segment, offset); }
    }

    /** As {@link Same} without the checkFromIndexSize in wrap. */
    static final class NoCheck {
        private MemorySegment segment;
        private long offset;

        NoCheck wrap(MemorySegment s, long off) {
            this.segment = s;
            this.offset = off;
            return this;
        }

        int id() { return TickStruct.id(segment, offset); }
        long timestamp() { return TickStruct.timestamp(segment, offset); }
        double price() { return TickStruct.price(segment, offset); }
        float qty() { return TickStruct.qty(segment, offset); }
        short venue() { return TickStruct.venue(segment, offset); }
    }

    /** As {@link Same} but the segment is final: wrap stores only the long offset (no reference store). */
    static final class FixedSegment {
        private final MemorySegment segment;
        private long offset;

        FixedSegment(MemorySegment segment) {
            this.segment = segment;
        }

        FixedSegment wrap(long off) {
            Objects.checkFromIndexSize(off, TickStruct.SIZE, segment.byteSize());
            this.offset = off;
            return this;
        }

        int id() { return TickStruct.id(segment, offset); }
        long timestamp() { return TickStruct.timestamp(segment, offset); }
        double price() { return TickStruct.price(segment, offset); }
        float qty() { return TickStruct.qty(segment, offset); }
        short venue() { return TickStruct.venue(segment, offset); }
    }

    /**
     * As {@link Same} but wrap checks with {@code Objects.checkIndex(off, byteSize - SIZE + 1)}:
     * the same condition (the struct lies inside the segment) through the intrinsic
     * {@code Preconditions.checkIndex}, which C2 turns into a RangeCheck node that loop
     * predication can hoist. {@code Objects.checkFromIndexSize} is plain Java, not an intrinsic.
     */
    static final class IntrinsicCheck {
        private MemorySegment segment;
        private long offset;

        IntrinsicCheck wrap(MemorySegment s, long off) {
            Objects.checkIndex(off, s.byteSize() - TickStruct.SIZE + 1);
            this.segment = s;
            this.offset = off;
            return this;
        }

        int id() { return TickStruct.id(segment, offset); }
        long timestamp() { return TickStruct.timestamp(segment, offset); }
        double price() { return TickStruct.price(segment, offset); }
        float qty() { return TickStruct.qty(segment, offset); }
        short venue() { return TickStruct.venue(segment, offset); }
    }
}
