package io.structbridge.arrow;

import io.structbridge.annotations.Capacity;
import io.structbridge.annotations.Case;
import io.structbridge.annotations.Code;
import io.structbridge.annotations.Struct;
import io.structbridge.annotations.Tag;
import io.structbridge.annotations.Union;

/**
 * A tagged union ({@code NestInner.u}) inside a member of another tagged union ({@code o.inner}), for
 * {@code PythonTaggedUnionTest}: Python renames the inner union's errors as Java does, and a sparse batch in which no row
 * holds {@code inner} reads none of its bytes. After a hostile review's records.
 */
@Struct
public record Nest(int id, short tag, @Tag("tag") NestOuter o, boolean flag) {}

enum NestKind { @Code(-5) NEG, @Code(7) SEVEN }

@Union
record NestInnerU(@Case(codes = 1) boolean b, @Case(codes = 2) @Capacity(4) String s) {}

@Struct
record NestInner(byte t, @Tag("t") NestInnerU u) {}

@Union
record NestOuter(@Case(codes = {-3, 9}) NestInner inner, @Case(codes = 4) NestKind k, @Case(codes = 5) int plain) {}
