package io.structbridge.jackson.big;

import io.structbridge.annotations.Capacity;
import io.structbridge.annotations.Struct;

/**
 * A struct of 300 MB: 64 of them overflow an {@code int} count of bytes.
 *
 * @param id an id
 * @param text up to 299,999,999 bytes of UTF-8
 */
@Struct
public record HugeText(int id, @Capacity(300_000_000) String text) {}
