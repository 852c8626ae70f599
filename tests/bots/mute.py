"""Never greets: sleeps."""

import time

time.sleep(60)
