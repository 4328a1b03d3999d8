// Core lands here.
