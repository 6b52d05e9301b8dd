package io.structbridge.jackson.big;

import io.structbridge.annotations.Capacity;
import io.structbridge.annotations.Struct;

/**
 * A struct of 20 MB, nearly all of it one text member: a batch read must not reserve room for many of them.
 *
 * @param id an id
 * @param text up to 19,999,999 bytes of UTF-8
 */
@Struct
public record BigText(int id, @Capacity(20_000_000) String text) {}
