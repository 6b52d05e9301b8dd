package io.structbridge.spark;

import io.structbridge.annotations.Capacity;
import io.structbridge.annotations.Length;
import io.structbridge.annotations.Struct;

/**
 * Arrays inside a struct array inside a struct array: the index spaces of the column vectors nest three deep.
 *
 * @param id an id
 * @param days two days of legs each
 */
@Struct
public record Route(int id, @Length(2) Day[] days) {
    /**
     * A day.
     *
     * @param legs three legs
     * @param note a note
     */
    @Struct
    public record Day(@Length(3) Leg[] legs, @Capacity(6) String note) {}

    /**
     * A leg.
     *
     * @param stops four stops
     * @param code a code
     * @param open whether it is open
     */
    @Struct
    public record Leg(@Length(4) short[] stops, @Capacity(5) String code, boolean open) {}
}
