package io.structbridge.spark;

import io.structbridge.annotations.Length;
import io.structbridge.annotations.Struct;
import io.structbridge.fixtures.kinds.Cell;
import io.structbridge.fixtures.kinds.Figure;

/**
 * (A copy of the arrow module's test record.) Tagged unions in a nested struct, in each element of a nested struct array and beside an integer discriminator:
 * {@code main.shape}, {@code more[0].shape}, {@code more[1].shape} (enum {@code kind}) and {@code cell.value}
 * (integer {@code type}, a text member).
 *
 * @param id an id
 * @param main a figure
 * @param more two figures
 * @param cell a cell
 */
@Struct
public record Drawing(int id, Figure main, @Length(2) Figure[] more, Cell cell) {}
