
# The module's own names begin with _SB_ (an underscore and a capital: no record can take them,
# the C header reserves them) or are its public API, which no record may be named.
import ctypes as _SB_ctypes
import os as _SB_os
import struct as _SB_struct
import typing as _SB_typing
from typing import Annotated as _SB_Annotated, Any as _SB_Any, Literal as _SB_Literal

if _SB_typing.TYPE_CHECKING:  # type checkers see NumPy and Pydantic; at run time both are optional
    import numpy as _SB_np
    from pydantic import (BaseModel as _SB_BaseModel, ConfigDict as _SB_ConfigDict, Field as _SB_Field,
                          model_serializer as _SB_model_serializer, model_validator as _SB_model_validator)
else:
    try:
        import numpy as _SB_np
    except ImportError:  # NumPy is optional: the dtype and open_array need it
        _SB_np = None
    try:
        from pydantic import (BaseModel as _SB_BaseModel, ConfigDict as _SB_ConfigDict, Field as _SB_Field,
                              model_serializer as _SB_model_serializer, model_validator as _SB_model_validator)
    except ImportError:  # Pydantic is optional: the model needs it
        _SB_BaseModel = None
