package io.structbridge.processor.layout;

import java.util.ArrayList;
import java.util.List;

/**
 * The members of a plan as the writers emit them in order: whole members, and runs of adjacent
 * bit-fields, each run one block of storage bytes that holds all its fields' bits (C has no member
 * for the storage; FFM, ctypes, NumPy and Mojo get it as bytes).
 */
public final class BitFieldRuns {
    private BitFieldRuns() {}

    /** One emitted item. */
    public sealed interface Slot {
        /** {@return the offset in bytes} */
        long offset();

        /** {@return the size in bytes} */
        long size();

        /** {@return the padding bytes before it} */
        long paddingBefore();
    }

    /**
     * A whole member.
     *
     * @param member the member
     */
    public record Whole(Member member) implements Slot {
        public long offset() {
            return member.offset();
        }

        public long size() {
            return member.size();
        }

        public long paddingBefore() {
            return member.paddingBefore();
        }
    }

    /**
     * The storage bytes of adjacent bit-fields.
     *
     * @param index the run's number in the struct, from 0 (names the storage {@code _bits<index>})
     * @param offset the first byte
     * @param size the bytes
     * @param paddingBefore the padding bytes before it
     * @param fields the bit-fields in it, in declaration order
     */
    public record Run(int index, long offset, long size, long paddingBefore, List<Member> fields) implements Slot {
        public Run {
            fields = List.copyOf(fields);
        }

        /**
         * {@return the storage's name: {@code _SB_bits0}, {@code _SB_bits1}, ... (an underscore and a capital: no component
         * can take it, the C header reserves it; the FFM {@code LAYOUT}, ctypes, cffi and NumPy name the run so)}
         */
        public String name() {
            return "_SB_bits" + index;
        }
    }

    /** {@return the slots of {@code plan} in order; their sizes and paddings add up to the size minus the tail padding} */
    public static List<Slot> slots(StructLayoutPlan plan) {
        List<Slot> out = new ArrayList<>();
        List<Member> run = new ArrayList<>();
        long runStart = 0;
        long runEnd = 0;
        long runPad = 0;
        int runs = 0;
        for (Member m : plan.members()) {
            if (m.bitField() && !run.isEmpty() && m.offset() <= runEnd) {
                run.add(m);
                runEnd = Math.max(runEnd, m.end());
                continue;
            }
            if (!run.isEmpty()) {
                out.add(new Run(runs++, runStart, runEnd - runStart, runPad, run));
                run = new ArrayList<>();
            }
            if (m.bitField()) {
                run.add(m);
                runStart = m.offset();
                runEnd = m.end();
                runPad = m.paddingBefore();
            } else {
                out.add(new Whole(m));
            }
        }
        if (!run.isEmpty()) {
            out.add(new Run(runs, runStart, runEnd - runStart, runPad, run));
        }
        return out;
    }

    /** {@return the run holding the bit-field {@code m}} */
    public static Run runOf(StructLayoutPlan plan, Member m) {
        for (Slot s : slots(plan)) {
            if (s instanceof Run r && r.fields().contains(m)) {
                return r;
            }
        }
        throw new IllegalArgumentException(m.field().name() + " is not a bit-field of " + plan.model().cName());
    }
}
